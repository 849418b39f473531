import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OutboxTally } from '../../../relay/outbox/outbox-tally.js';

const none = { event: 0, order: 0, product: 0 };

describe('OutboxTally', () => {
  it("rebuilds from the table's counts by kind and state, dead rows apart and every row's bytes in the total", () => {
    const tally = new OutboxTally();
    tally.added('order', 999);
    tally.rebuild([
      { kind: 'event', state: 'queued', n: 5, bytes: 500 },
      { kind: 'order', state: 'queued', n: 2, bytes: 800 },
      { kind: 'order', state: 'dead', n: 3, bytes: 1200 },
      { kind: 'product', state: 'dead', n: 1, bytes: 70 },
    ]);
    assert.deepEqual(tally.queued, { event: 5, order: 2, product: 0 }, 'what was tallied before the rebuild is gone');
    assert.deepEqual(tally.dead, { event: 0, order: 3, product: 1 });
    assert.equal(tally.bytes, 2570);
    assert.equal(tally.records, 11, 'queued and dead records alike take room');
  });

  it('counts from empty a record added queued with its bytes, a resize by its difference, and a delivered one out', () => {
    const tally = new OutboxTally();
    assert.deepEqual([tally.queued, tally.dead, tally.bytes, tally.records], [none, none, 0, 0]);
    tally.added('event', 100);
    tally.added('order', 300);
    tally.resized(-120);
    assert.deepEqual([tally.queued, tally.bytes, tally.records], [{ event: 1, order: 1, product: 0 }, 280, 2]);
    tally.removed('order', 180);
    assert.deepEqual([tally.queued, tally.bytes, tally.records], [{ event: 1, order: 0, product: 0 }, 100, 1]);
  });

  it('moves a record between queued and dead of its kind, keeping the records and bytes it holds', () => {
    const tally = new OutboxTally();
    tally.rebuild([{ kind: 'product', state: 'queued', n: 2, bytes: 400 }]);
    tally.movedToDead('product');
    assert.deepEqual([tally.queued.product, tally.dead.product, tally.records, tally.bytes], [1, 1, 2, 400]);
    tally.movedToQueue('product');
    assert.deepEqual([tally.queued.product, tally.dead.product, tally.records, tally.bytes], [2, 0, 2, 400]);
  });
});
