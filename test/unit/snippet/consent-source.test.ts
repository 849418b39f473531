import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { followConsent, type ConsentWindow } from '../../../snippet/browser/consent-source.js';
import type { DataLayerEntry } from '../../../snippet/browser/gcm-consent.js';
import { followWp } from '../../../snippet/browser/wp-consent.js';
import { GCM_GLOBAL_GRANTED, TC_STRING_ACCEPTED, tcDataOf } from '../../helpers/consent-fixtures.js';
import { decisions, fakeCmp, pageWindow } from '../../helpers/consent-fakes.js';
import { MemoryCookies } from '../../helpers/snippet-fakes.js';

describe('the WP Consent API reader (snippet/browser/wp-consent.ts)', () => {
  const change = (detail: Record<string, string>) => new CustomEvent('wp_listen_for_consent_change', { detail });

  it('grants when wp_has_consent grants the category; its false refuses for a shopper who answered before, and waits for a first one', () => {
    for (const [has, answered, expected] of [
      [true, undefined, [[true, undefined]]],
      [false, undefined, []],
      [false, '0', [[false, undefined]]],
      [false, '1', [[false, undefined]]],
    ] as const) {
      const asked: string[] = [];
      const win = pageWindow({ wp_has_consent: (category) => (asked.push(category), has) });
      const { made, decide } = decisions();
      followWp(win, 'statistics', decide, answered);
      assert.deepEqual(asked, ['statistics']);
      assert.deepEqual(made, expected, `${has} ${answered}`);
    }
  });

  it("follows the API's change events for its category alone, allow and deny", () => {
    const win = pageWindow({ wp_has_consent: () => false });
    const { made, decide } = decisions();
    followWp(win, 'marketing', decide);
    const page = win.document as unknown as EventTarget;
    page.dispatchEvent(change({ statistics: 'allow' }));
    page.dispatchEvent(change({ marketing: 'allow' }));
    page.dispatchEvent(change({ marketing: 'deny' }));
    assert.deepEqual(
      made.map(([granted]) => granted),
      [true, false],
    );
  });
});

describe('following the mode (snippet/browser/consent-source.ts)', () => {
  const follow = (win: ConsentWindow, mode: string, { gpc = false, remembered = '' } = {}) => {
    const cookies = new MemoryCookies();
    if (remembered) cookies.set('_sb_c', remembered, 100);
    const { made, decide } = decisions();
    followConsent(win, mode, 'marketing', gpc, cookies, decide);
    return made;
  };

  it("hands each standard's answer over as the shopper's own choice", () => {
    const cmp = fakeCmp();
    const made = follow(pageWindow({ __tcfapi: cmp.api }), 'tcf');
    cmp.answer(tcDataOf(TC_STRING_ACCEPTED, 'tcloaded'));
    assert.deepEqual(made, [[true, 1]]);
  });

  it('under auto follows TCF before the WP Consent API and Consent Mode, and the WP Consent API before Consent Mode', () => {
    const cmp = fakeCmp();
    const dataLayer: DataLayerEntry[] = [['consent', 'default', GCM_GLOBAL_GRANTED]];
    const all = follow(pageWindow({ __tcfapi: cmp.api, wp_has_consent: () => true, dataLayer }), 'auto');
    assert.deepEqual([all, cmp.listeners.length], [[], 1]);
    assert.deepEqual(follow(pageWindow({ wp_has_consent: () => true, dataLayer }), 'auto'), [[true, 1]]);
    assert.equal(dataLayer.push, Array.prototype.push, 'Consent Mode left alone');
    const gcmOnly = follow(pageWindow({ dataLayer }), 'auto');
    assert.deepEqual(gcmOnly, [[true, 1]]);
  });

  it('under auto with no banner, and under none, grants unless refused before or by Global Privacy Control', () => {
    for (const mode of ['auto', 'none']) {
      const win = pageWindow({ dataLayer: [{ 0: 'event', length: 1 }] });
      assert.deepEqual(follow(win, mode), [[true, undefined]], mode);
      assert.deepEqual(follow(win, mode, { gpc: true }), [[false, undefined]], mode);
      assert.deepEqual(follow(win, mode, { remembered: '0' }), [[false, undefined]], mode);
      assert.equal(win.dataLayer!.push, Array.prototype.push, mode);
    }
  });

  it('under a standard the page does not have, under required and under any other value, decides nothing, a remembered yes included', () => {
    for (const mode of ['tcf', 'required', 'consent-required', 'toString']) {
      assert.deepEqual(follow(pageWindow(), mode), [], mode);
    }
    assert.deepEqual(follow(pageWindow(), 'tcf', { remembered: '1' }), []);
    assert.deepEqual(follow(pageWindow(), 'required', { remembered: '1' }), [[true, undefined]]);
  });
});
