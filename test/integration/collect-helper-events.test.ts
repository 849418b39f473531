import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect } from '../helpers/collect.js';
import { relayForSuite, until } from '../helpers/relay-harness.js';

describe("POST /collect with events of the snippet's helpers", () => {
  const h = relayForSuite();

  it("keeps a product helper's (helper: 1) spec fields that hold a value, quantity 1 when missing, and nothing else", async () => {
    const productId = 900_000 + Math.floor(Math.random() * 99_999);
    const helper = {
      ...browserEvent(),
      helper: 1,
      event: { product_id: productId, price: 4, quantity: null, color: 'red', url: 'https://www.shop.test/p/9' },
    };
    const res = await collect(h.url, { events: [helper] });
    assert.equal(res.status, 200);
    const find = () =>
      h.mock.records('events').find((e) => (e as { event: { product_id?: number } }).event.product_id === productId) as
        Record<string, unknown> | undefined;
    await until(() => find() !== undefined, 'delivery');
    assert.deepEqual(find()!['event'], {
      product_id: productId,
      price: 4,
      quantity: 1,
      url: 'https://www.shop.test/p/9',
    });
    assert.equal(find()!['helper'], undefined);
  });

  it('keeps every field of an Added To Cart sent by track (no helper mark)', async () => {
    const productId = 800_000 + Math.floor(Math.random() * 99_999);
    const tracked = { ...browserEvent(), event: { product_id: productId, color: 'red' } };
    assert.equal((await collect(h.url, { events: [tracked] })).status, 200);
    const find = () =>
      h.mock.records('events').find((e) => (e as { event: { product_id?: number } }).event.product_id === productId) as
        Record<string, unknown> | undefined;
    await until(() => find() !== undefined, 'delivery');
    assert.deepEqual(find()!['event'], { product_id: productId, color: 'red' });
  });

  it("names a helper's event as the catalogue does, keeps its catalogued fields, and types a marked listing's click", async () => {
    const query = `tea-${Math.random().toString(36).slice(2, 8)}`;
    const list = {
      list_id: query,
      list_name: 'Tea',
      page: 2,
      products: [
        { product_id: 31, position: 17, name: 'Oolong', price: 4.5, currency: 'EUR', url: 'https://shop.test/p/31' },
      ],
    };
    const events = [
      browserEvent({ event_name: 'search', helper: 1, event: { query, results: 3, source: 'box' } }),
      browserEvent({ event_name: 'viewList', helper: 1, event: list }),
      browserEvent({
        event_name: 'click',
        helper: 1,
        attributes: 1,
        event: { sbUrl: 'https://shop.test/c/tea', sbList: query, sbPosition: '17', sbProductId: '31', id: 'x' },
      }),
      browserEvent({ event_name: 'click', helper: 1, event: { ...list.products[0], list_id: query } }),
    ];
    assert.equal((await collect(h.url, { events })).status, 200);
    const mine = () =>
      h.mock.records('events').filter((e) => JSON.stringify(e).includes(query)) as Record<string, unknown>[];
    await until(() => mine().length === 4, 'delivery');
    const byName = mine()
      .map((e) => [e['event_name'], e['event']])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const { page: _page, ...listed } = list;
    assert.deepEqual(byName, [
      ['Product Clicked', { product_id: 31, position: 17, list_id: query }],
      ['Product Clicked', { product_id: 31, position: 17, list_id: query }],
      ['Product List Viewed', listed],
      ['Products Searched', { query, results: 3 }],
    ]);
  });

  it("refuses a helper's listing that breaks the catalogue, naming the field", async () => {
    const res = await collect(h.url, {
      events: [
        browserEvent({ event_name: 'viewList', helper: 1, event: { list_id: 'shop', products: [{ product_id: 1 }] } }),
      ],
    });
    assert.match(res.text, /event\.products\[0\]\.position/);
  });
});
