import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  fields,
  list,
  orderChannel,
  platformTime,
  textOf,
  withdrawal,
  withdrawnId,
} from '../../../relay/platforms/mapping.js';

describe("the mappings' shared readers", () => {
  it("states an order's origin with the shop's own word for it, cut short", () => {
    assert.deepEqual(orderChannel('storefront'), { madeBy: 'storefront' });
    assert.deepEqual(orderChannel('back office', 'created_via admin'), {
      madeBy: 'back office',
      said: 'created_via admin',
    });
    assert.equal(orderChannel('other', `created_via ${'x'.repeat(100)}`).said?.length, 80);
  });

  it("names a withdrawn product by its id's digits only, 64-bit ids included", () => {
    assert.deepEqual([12, 9007199254740993n, '0042', '12a', -1, 1.5, null, '1'.repeat(21)].map(withdrawnId), [
      '12',
      '9007199254740993',
      '0042',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    assert.deepEqual(withdrawal('draft', 7), { skip: 'draft', withdrawn: '7' });
    assert.deepEqual(withdrawal('draft', 'gid://x'), { skip: 'draft' });
  });

  it("reads a payload's values defensively: an object, a list, text that calls nothing of the payload's", () => {
    assert.deepEqual([fields(null), fields([1]), fields({ a: 1 })], [{}, {}, { a: 1 }]);
    assert.deepEqual([list('x'), list([1, 2])], [[], [1, 2]]);
    assert.deepEqual(
      [textOf({ toString: 0 }), textOf([1]), textOf(null), textOf(3)],
      ['[object]', '[array]', 'null', '3'],
    );
  });

  it('reads a platform timestamp as UTC when it names no offset, and nothing else', () => {
    assert.equal(platformTime('2026-12-02 10:00:00'), Date.parse('2026-12-02T10:00:00Z'));
    assert.equal(platformTime('2026-12-02T11:00:00+01:00'), Date.parse('2026-12-02T10:00:00Z'));
    assert.deepEqual([platformTime('yesterday'), platformTime(1_764_669_600_000)], [undefined, undefined]);
  });
});
