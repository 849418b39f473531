import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { followTcf, tcfGrants, type TcData } from '../../../snippet/browser/tcf-consent.js';
import { TC_STRING_ACCEPTED, TC_STRING_REFUSED, tcDataOf } from '../../helpers/consent-fixtures.js';
import { decisions, fakeCmp } from '../../helpers/consent-fakes.js';

describe('the IAB TCF reader (snippet/browser/tcf-consent.ts)', () => {
  it('grants for a real TC string consenting purposes 1, 5 and 6, whether restored or just chosen', () => {
    const cmp = fakeCmp();
    const { made, decide } = decisions();
    followTcf(cmp.api, decide);
    cmp.answer(tcDataOf(TC_STRING_ACCEPTED, 'tcloaded'));
    cmp.answer(tcDataOf(TC_STRING_ACCEPTED, 'useractioncomplete'));
    assert.deepEqual(made, [
      [true, undefined],
      [true, undefined],
    ]);
  });

  it('refuses for a real TC string consenting nothing, and decides nothing while the banner asks', () => {
    const cmp = fakeCmp();
    const { made, decide } = decisions();
    followTcf(cmp.api, decide);
    cmp.answer(tcDataOf(TC_STRING_REFUSED, 'cmpuishown'));
    assert.equal(made.length, 0);
    cmp.answer(tcDataOf(TC_STRING_REFUSED, 'useractioncomplete'));
    assert.deepEqual(made, [[false, undefined]]);
  });

  it('decides nothing on a failed callback', () => {
    const cmp = fakeCmp();
    const { made, decide } = decisions();
    followTcf(cmp.api, decide);
    cmp.answer(tcDataOf(TC_STRING_ACCEPTED, 'tcloaded'), false);
    assert.deepEqual(made, []);
  });

  it('grants where GDPR does not apply, a callback that carries no status', () => {
    const cmp = fakeCmp();
    const { made, decide } = decisions();
    followTcf(cmp.api, decide);
    cmp.answer({ gdprApplies: false });
    assert.deepEqual(made, [[true, undefined]]);
  });

  it("takes each purpose from the publisher's consents or the purposes' consents, and never from legitimate interest", () => {
    const on = (...ids: number[]) => Object.fromEntries(ids.map((id) => [id, true]));
    const data = (purposes: number[], publisher: number[]): TcData => ({
      eventStatus: 'tcloaded',
      gdprApplies: true,
      purpose: { consents: on(...purposes) },
      publisher: { consents: on(...publisher) },
    });
    assert.equal(tcfGrants(data([], [1, 5, 6])), true, "the publisher's own consents");
    assert.equal(tcfGrants(data([1, 5, 6], [])), true, "the purposes' consents");
    assert.equal(tcfGrants(data([1], [5, 6])), true, 'each purpose from either');
    assert.equal(tcfGrants(data([1, 2, 3, 4, 5, 7, 8, 9, 10], [])), false, 'purpose 6 missing');
    assert.equal(tcfGrants(data([5, 6], [5, 6])), false, 'purpose 1 missing');
    const legitimateInterestOnly = { ...tcDataOf(TC_STRING_REFUSED, 'tcloaded') };
    legitimateInterestOnly.purpose.legitimateInterests = on(1, 5, 6);
    assert.equal(tcfGrants(legitimateInterestOnly), false, 'legitimate interest');
  });
});
