import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect } from '../helpers/collect.js';
import { relayForSuite, until } from '../helpers/relay-harness.js';

describe("POST /collect with events of the snippet's product helpers", () => {
  const h = relayForSuite();

  it("keeps a product helper's (helper: 1) spec fields that hold a value, quantity 1 when missing, and nothing else", async () => {
    const productId = 900_000 + Math.floor(Math.random() * 99_999);
    const helper = { ...browserEvent(), helper: 1, event: { product_id: productId, price: 4, quantity: null, color: 'red', url: 'https://www.shop.test/p/9' } };
    const res = await collect(h.url, { events: [helper] });
    assert.equal(res.status, 200);
    const find = () =>
      h.mock.records('events').find((e) => (e as { event: { product_id?: number } }).event.product_id === productId) as Record<string, unknown> | undefined;
    await until(() => find() !== undefined, 'delivery');
    assert.deepEqual(find()!['event'], { product_id: productId, price: 4, quantity: 1, url: 'https://www.shop.test/p/9' });
    assert.equal(find()!['helper'], undefined);
  });

  it('keeps every field of an Added To Cart sent by track (no helper mark)', async () => {
    const productId = 800_000 + Math.floor(Math.random() * 99_999);
    const tracked = { ...browserEvent(), event: { product_id: productId, color: 'red' } };
    assert.equal((await collect(h.url, { events: [tracked] })).status, 200);
    const find = () =>
      h.mock.records('events').find((e) => (e as { event: { product_id?: number } }).event.product_id === productId) as Record<string, unknown> | undefined;
    await until(() => find() !== undefined, 'delivery');
    assert.deepEqual(find()!['event'], { product_id: productId, color: 'red' });
  });
});
