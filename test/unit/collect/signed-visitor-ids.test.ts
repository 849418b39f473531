import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nanoid } from 'nanoid';
import { SignedVisitorIds } from '../../../relay/collect/signed-visitor-ids.js';
import { ID_PATTERN } from '../../../snippet/protocol.js';

const SECRET = 'identity-secret-for-unit-tests-0123456789';
const ids = new SignedVisitorIds(SECRET);

/** `id` with its character at `at` changed to another of the alphabet. */
const changedAt = (id: string, at: number) => `${id.slice(0, at)}${id[at] === 'A' ? 'B' : 'A'}${id.slice(at + 1)}`;

describe('SignedVisitorIds (relay/collect/signed-visitor-ids.ts)', () => {
  it('mints a new anonymous-shaped id each time, each recognized as its own', () => {
    const minted = [ids.mint(), ids.mint()];
    for (const id of minted) {
      assert.match(id, ID_PATTERN);
      assert.equal(id.length, 32);
      assert.ok(ids.isSigned(id), id);
    }
    assert.notEqual(minted[0], minted[1]);
  });

  it('derives one signed id from each claim, the same every time, another for another claim or another secret', () => {
    const derived = ids.derivedFrom('7234567890123');
    assert.ok(ids.isSigned(derived));
    assert.equal(ids.derivedFrom('7234567890123'), derived);
    assert.notEqual(ids.derivedFrom('7234567890124'), derived);
    assert.notEqual(new SignedVisitorIds(`${SECRET}x`).derivedFrom('7234567890123'), derived);
  });

  it("recognizes none a browser could choose: the snippet's ids, nanoids, customer ids, a changed character, another secret's", () => {
    const minted = ids.mint();
    const unsigned = [
      'Snippet-minted_id-20',
      nanoid(),
      '7234567890123',
      '3f2b8c1e-1234-4abc-9def-0123456789ab',
      changedAt(minted, 3),
      changedAt(minted, 20),
      `${minted}x`,
      minted.slice(1),
      new SignedVisitorIds(`${SECRET}x`).mint(),
      '',
    ];
    for (const id of unsigned) assert.ok(!ids.isSigned(id), id);
  });
});
