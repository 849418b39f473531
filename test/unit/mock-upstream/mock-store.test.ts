import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { MockStore } from '../../../relay/mock-upstream/mock-store.js';

const event = (user_id: string, datetime?: string) => ({
  user_id,
  event_name: 'Added To Cart',
  event: { product_id: 501 },
  ...(datetime === undefined ? {} : { datetime }),
});

/** A data file's path in a temp folder of its own, removed after the test. */
function dataFile(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-mock-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'mock.json');
}

describe("MockStore (the mock service's records)", () => {
  it('keeps orders and products by id, a repeat overwriting, and events in arrival order', () => {
    const store = new MockStore();
    store.put('order', { order_id: 1, status: 'pending' });
    store.put('order', { order_id: 1, status: 'completed' });
    store.put('order', { order_id: 2, status: 'pending' });
    store.put('product', { product_id: 501, price: 3 });
    store.put('product', { product_id: 501, price: 4 });
    store.put('event', event('u-1'));
    store.put('event', event('u-1'));
    assert.deepEqual(store.records('orders'), [
      { order_id: 1, status: 'completed' },
      { order_id: 2, status: 'pending' },
    ]);
    assert.deepEqual(store.records('products'), [{ product_id: 501, price: 4 }]);
    assert.deepEqual(store.records('events'), [event('u-1'), event('u-1')]);
    assert.deepEqual([store.stats().orders, store.stats().products, store.stats().events], [2, 1, 2]);
  });

  it('counts distinct visitors per month as the datetime writes it, and the month received without one', () => {
    const store = new MockStore();
    store.put('event', event('u-3', '2025-11-30 23:30:00-05:00'));
    store.put('event', event('u-1', '2025-11-02 10:00:00+01:00'));
    store.put('event', event('u-2', '2025-11-15 10:00:00+00:00'));
    store.put('event', event('u-1', '2025-12-01 00:10:00+01:00'));
    const before = new Date().toISOString().slice(0, 7);
    store.put('event', event('u-4'));
    const after = new Date().toISOString().slice(0, 7);
    const { visitorsByMonth } = store.stats();
    assert.equal(visitorsByMonth['2025-11'], 3, 'the 30th at 23:30 in New York is November, as written');
    assert.equal(visitorsByMonth['2025-12'], 1);
    assert.ok(
      visitorsByMonth[before] === 1 || visitorsByMonth[after] === 1,
      `the undated event counts in the month received: ${JSON.stringify(visitorsByMonth)}`,
    );
  });

  it('hands the events over once and forgets them, counting them still in the events received and the quota', () => {
    const store = new MockStore();
    store.put('event', event('u-1', '2026-11-02 10:00:00+00:00'));
    store.put('event', event('u-2', '2026-11-02 10:00:00+00:00'));
    assert.equal(store.takeEvents().length, 2);
    assert.deepEqual(store.takeEvents(), []);
    assert.deepEqual(store.records('events'), []);
    store.put('event', event('u-1', '2026-11-03 10:00:00+00:00'));
    assert.deepEqual(store.stats(), { orders: 0, products: 0, events: 3, visitorsByMonth: { '2026-11': 2 } });
  });

  it('forgets everything on reset, the events already taken and the visitors included', () => {
    const store = new MockStore();
    store.put('order', { order_id: 1 });
    store.put('event', event('u-1', '2026-11-02 10:00:00+00:00'));
    store.takeEvents();
    store.put('event', event('u-2', '2026-11-02 10:00:00+00:00'));
    store.reset();
    assert.deepEqual(store.stats(), { orders: 0, products: 0, events: 0, visitorsByMonth: {} });
    assert.deepEqual(store.records('orders'), []);
  });

  it('writes its data file whole and reads it back at start, a 64-bit id exact and the visitors counted again', (t) => {
    const file = dataFile(t);
    const first = new MockStore(file);
    first.put('order', { order_id: 9007199254740993n, status: 'completed' });
    first.put('product', { product_id: 501, price: 19.9 });
    first.put('event', event('u-1', '2026-11-02 10:00:00+00:00'));
    first.save();
    assert.equal(existsSync(`${file}.tmp`), false, 'the temp file is renamed over the data file');
    assert.match(readFileSync(file, 'utf8'), /9007199254740993[,\]]/);
    const second = new MockStore(file);
    assert.deepEqual(second.records('orders'), [{ order_id: 9007199254740993n, status: 'completed' }]);
    assert.deepEqual(second.records('products'), [{ product_id: 501, price: 19.9 }]);
    assert.deepEqual(second.stats(), { orders: 1, products: 1, events: 1, visitorsByMonth: { '2026-11': 1 } });
    second.put('order', { order_id: 9007199254740993n, status: 'refunded' });
    assert.equal(second.stats().orders, 1, 'the loaded id is the same key as a new one');
  });

  it('starts empty from a data file not written yet, and writes nothing without one', (t) => {
    const file = dataFile(t);
    const store = new MockStore(file);
    assert.deepEqual(store.stats(), { orders: 0, products: 0, events: 0, visitorsByMonth: {} });
    const inMemory = new MockStore();
    inMemory.put('order', { order_id: 1 });
    inMemory.save();
    assert.equal(existsSync(file), false);
  });
});
