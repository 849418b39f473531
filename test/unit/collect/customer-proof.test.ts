import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { CustomerProof, PROOF_COOKIE } from '../../../relay/collect/customer-proof.js';

const SECRET = 'identity-secret-for-unit-tests-0123456789';
const proof = new CustomerProof(SECRET);

describe('CustomerProof', () => {
  it("takes the shop backend's hex HMAC-SHA256 of the customer id, in either case, and nothing else", () => {
    const made = createHmac('sha256', SECRET).update('42').digest('hex');
    assert.equal(proof.proofOf('42'), made);
    assert.ok(proof.proves('42', made) && proof.proves('42', made.toUpperCase()));
    assert.ok(!proof.proves('43', made));
    assert.ok(!proof.proves('42', undefined) && !proof.proves('42', made.slice(1)) && !proof.proves('42', ''));
  });

  it('stands one anonymous-shaped id in for each unproven claim, the same every time, another for another claim', () => {
    assert.match(proof.standIn('42'), /^[\w-]{8,64}$/);
    assert.equal(proof.standIn('42'), proof.standIn('42'));
    assert.notEqual(proof.standIn('42'), proof.standIn('43'));
    assert.notEqual(new CustomerProof(`${SECRET}x`).standIn('42'), proof.standIn('42'));
  });

  it("replaces an identified cookie's customer the proof cookie does not prove, and keeps one it proves or an anonymous one", () => {
    const forged = proof.provenCookies(new Map([['_sb_uid', '~42']]));
    assert.equal(forged.get('_sb_uid'), proof.standIn('42'));
    const proven = new Map([
      ['_sb_uid', '~42'],
      [PROOF_COOKIE, proof.proofOf('42')],
    ]);
    assert.equal(proof.provenCookies(proven), proven);
    const anonymous = new Map([['_sb_uid', 'anon-12345678']]);
    assert.equal(proof.provenCookies(anonymous), anonymous);
  });

  it("gives an event its customer's stand-in, or the visitor's id for an anonymous-shaped one, unless its own is the visitor's or the proven customer's", () => {
    const visitor = 'anon-12345678';
    assert.deepEqual(proof.provenEvent({ user_id: '42' }, visitor, undefined), {
      event: { user_id: proof.standIn('42') },
      replaced: 'by its stand-in',
    });
    assert.deepEqual(
      proof.provenEvent({ user_id: '42' }, '~5', proof.proofOf('5')),
      { event: { user_id: proof.standIn('42') }, replaced: 'by its stand-in' },
      'credited to neither customer',
    );
    assert.deepEqual(proof.provenEvent({ user_id: 'anon-older-1234' }, visitor, undefined), {
      event: { user_id: visitor },
      replaced: 'by the visitor',
    });
    assert.deepEqual(proof.provenEvent({ user_id: '42' }, visitor, proof.proofOf('42')), {
      event: { user_id: '42' },
      replaced: false,
    });
    assert.deepEqual(proof.provenEvent({ user_id: visitor }, visitor, undefined), {
      event: { user_id: visitor },
      replaced: false,
    });
    assert.deepEqual(proof.provenEvent({ event_name: 'x' }, visitor, undefined), {
      event: { event_name: 'x' },
      replaced: false,
    });
    assert.deepEqual(proof.provenEvent('not an event', visitor, undefined), { event: 'not an event', replaced: false });
  });
});
