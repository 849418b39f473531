import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { CustomerProof, PROOF_COOKIE } from '../../../relay/collect/customer-proof.js';

const SECRET = 'identity-secret-for-unit-tests-0123456789';
const proof = new CustomerProof(SECRET);
const derived = (claimed: string) => proof.visitorIds.derivedFrom(claimed);

describe('CustomerProof (relay/collect/customer-proof.ts)', () => {
  it("takes the shop backend's hex HMAC-SHA256 of the customer id, in either case, and nothing else", () => {
    const made = createHmac('sha256', SECRET).update('42').digest('hex');
    assert.equal(proof.proofOf('42'), made);
    assert.ok(proof.proves('42', made) && proof.proves('42', made.toUpperCase()));
    assert.ok(!proof.proves('43', made));
    assert.ok(!proof.proves('42', undefined) && !proof.proves('42', made.slice(1)) && !proof.proves('42', ''));
  });

  it('believes a proven customer id and an anonymous id the relay signed, and no other id', () => {
    assert.ok(proof.believes('42', proof.proofOf('42')));
    assert.ok(proof.believes(proof.visitorIds.mint(), undefined));
    assert.ok(!proof.believes('42', undefined));
    assert.ok(!proof.believes('Snippet-minted_id-20', proof.proofOf('42')));
  });

  it("replaces an identified cookie's customer the proof cookie does not prove, and keeps one it proves", () => {
    const forged = proof.provenCookies(new Map([['_sb_uid', '~42']]));
    assert.equal(forged.get('_sb_uid'), derived('42'));
    const proven = new Map([
      ['_sb_uid', '~42'],
      [PROOF_COOKIE, proof.proofOf('42')],
    ]);
    assert.equal(proof.provenCookies(proven), proven);
  });

  it('keeps an anonymous cookie the relay signed and replaces any other by the id derived from it, a proof or not', () => {
    const signed = new Map([['_sb_uid', proof.visitorIds.mint()]]);
    assert.equal(proof.provenCookies(signed), signed);
    for (const unsigned of ['Snippet-minted_id-20', '7234567890123', '3f2b8c1e-1234-4abc-9def-0123456789ab']) {
      const cookies = new Map([
        ['_sb_uid', unsigned],
        [PROOF_COOKIE, proof.proofOf(unsigned)],
      ]);
      assert.equal(proof.provenCookies(cookies).get('_sb_uid'), derived(unsigned), unsigned);
    }
    const garbage = new Map([['_sb_uid', '<script>']]);
    assert.equal(proof.provenCookies(garbage), garbage, 'left to be ignored as a value no _sb_uid holds');
  });

  it("names the visitor by a batch's newest user_id when believed, else by the id derived from it, else a new signed id", () => {
    assert.equal(proof.provenClaim('42', proof.proofOf('42')), '42');
    assert.equal(proof.provenClaim('42', undefined), derived('42'));
    assert.equal(proof.provenClaim('Snippet-minted_id-20', undefined), derived('Snippet-minted_id-20'));
    const given = proof.visitorIds.mint();
    assert.equal(proof.provenClaim(given, undefined), given);
    const minted = proof.provenClaim(undefined, undefined);
    assert.ok(proof.visitorIds.isSigned(minted));
    assert.notEqual(proof.provenClaim(42, undefined), minted);
  });

  it("gives an event its customer's stand-in, or the visitor's id for an unsigned anonymous-shaped one, unless its own is believed", () => {
    const visitor = proof.visitorIds.mint();
    assert.deepEqual(proof.provenEvent({ user_id: '42' }, visitor, undefined), {
      event: { user_id: derived('42') },
      replaced: 'by its stand-in',
    });
    assert.deepEqual(
      proof.provenEvent({ user_id: '42' }, '5', proof.proofOf('5')),
      { event: { user_id: derived('42') }, replaced: 'by its stand-in' },
      'credited to neither customer',
    );
    for (const anonymousShaped of ['anon-older-1234', '7234567890123'])
      assert.deepEqual(proof.provenEvent({ user_id: anonymousShaped }, visitor, undefined), {
        event: { user_id: visitor },
        replaced: 'by the visitor',
      });
    const before = proof.visitorIds.mint();
    for (const [own, proofCookie] of [
      ['42', proof.proofOf('42')],
      [visitor, undefined],
      [before, proof.proofOf('42')],
    ] as const)
      assert.deepEqual(proof.provenEvent({ user_id: own }, visitor, proofCookie), {
        event: { user_id: own },
        replaced: false,
      });
    assert.deepEqual(proof.provenEvent({ event_name: 'x' }, visitor, undefined), {
      event: { event_name: 'x' },
      replaced: false,
    });
    assert.deepEqual(proof.provenEvent('not an event', visitor, undefined), { event: 'not an event', replaced: false });
  });
});
