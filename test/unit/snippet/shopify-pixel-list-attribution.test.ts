import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createListAttribution } from '../../../snippet/shopify-pixel/list-attribution.js';
import type { PixelCommand } from '../../../snippet/shopify-pixel/standard-events.js';

/** The top frame's storage as the pixel sees it; each page makes its attribution anew from it. */
function storage() {
  const values = new Map<string, string>();
  return { get: (key: string) => values.get(key), set: (key: string, value: string) => values.set(key, value) };
}

const listing = (listId: string, ...ids: number[]): PixelCommand => [
  'viewList',
  { list_id: listId, products: ids.map((id, index) => ({ product_id: id, position: index + 1 })) },
];
const clicked = (listId: string, id: number, position: number): PixelCommand => [
  'track',
  'Product Clicked',
  { product_id: id, position, list_id: listId },
];
const added = (id: number): PixelCommand => ['addToCart', { product_id: id }];
const ordered = (...ids: number[]): PixelCommand => [
  'purchase',
  { order_id: 1, items: ids.map((id) => ({ product_id: id })) },
];

describe('createListAttribution(store)', () => {
  it('gives an add the last listing its product was clicked from in the session, a later click from another listing winning', () => {
    const store = storage();
    const page = createListAttribution(store);
    page(listing('collection-1', 5, 6), 's1');
    page(clicked('collection-1', 6, 2), 's1');
    page(['search', { query: 'mug' }], 's1');
    page(listing('search', 7, 6), 's1');
    page(clicked('search', 6, 2), 's1');
    assert.deepEqual(createListAttribution(store)(added(6), 's1'), [
      'addToCart',
      { product_id: 6, list_id: 'search', query: 'mug', position: 2 },
    ]);
  });

  it('counts no click of an earlier session: the add of a new session names none, and its line then none', () => {
    const store = storage();
    createListAttribution(store)(listing('collection-1', 5), 's1');
    createListAttribution(store)(clicked('collection-1', 5, 1), 's1');
    assert.deepEqual(createListAttribution(store)(added(5), 's1')[1], {
      product_id: 5,
      list_id: 'collection-1',
      position: 1,
    });
    assert.deepEqual(createListAttribution(store)(added(5), 's2')[1], { product_id: 5 });
    assert.deepEqual(createListAttribution(store)(ordered(5), 's2')[1], { order_id: 1, items: [{ product_id: 5 }] });
  });

  it("takes a product page viewed after the session's listing that showed it as its click, where no click was seen", () => {
    const store = storage();
    createListAttribution(store)(listing('collection-1', 5, 6), 's1');
    createListAttribution(store)(['viewProduct', { product_id: 6 }], 's1');
    createListAttribution(store)(['viewProduct', { product_id: 9 }], 's1');
    const page = createListAttribution(store);
    assert.deepEqual(page(added(6), 's1')[1], { product_id: 6, list_id: 'collection-1', position: 2 });
    assert.deepEqual(page(added(9), 's1')[1], { product_id: 9 });
  });

  it("keeps each cart line's attribution to its removal and its order, then forgets the ordered lines", () => {
    const store = storage();
    const page = createListAttribution(store);
    page(listing('related-5', 6), 's1');
    page(clicked('related-5', 6, 1), 's1');
    page(added(6), 's1');
    assert.deepEqual(createListAttribution(store)(['removeFromCart', { product_id: 6 }], 's2')[1], {
      product_id: 6,
      list_id: 'related-5',
      position: 1,
    });
    const order = createListAttribution(store)(ordered(6, 8), 's2');
    assert.deepEqual(order[1], {
      order_id: 1,
      items: [{ product_id: 6, list_id: 'related-5', position: 1 }, { product_id: 8 }],
    });
    assert.deepEqual(createListAttribution(store)(ordered(6), 's2')[1], { order_id: 1, items: [{ product_id: 6 }] });
  });
});

describe("createListAttribution(store) and the storefront snippet's clicks", () => {
  const storefrontClick = (session: string) =>
    JSON.stringify({ s: session, c: { '9': { list_id: 'recommendation-6', position: 2 } } });

  it('gives an add the recommendation click the storefront snippet kept in this session, which the pixel never saw', () => {
    const store = storage();
    store.set('_sb_lc', storefrontClick('s1'));
    assert.deepEqual(createListAttribution(store)(added(9), 's1'), [
      'addToCart',
      { product_id: 9, list_id: 'recommendation-6', position: 2 },
    ]);
    assert.deepEqual(createListAttribution(store)(ordered(9), 's1')[1], {
      order_id: 1,
      items: [{ product_id: 9, list_id: 'recommendation-6', position: 2 }],
    });
  });

  it("takes none from another session's storefront clicks, and its own click before the snippet's", () => {
    const store = storage();
    store.set('_sb_lc', storefrontClick('s0'));
    assert.deepEqual(createListAttribution(store)(added(9), 's1'), ['addToCart', { product_id: 9 }]);
    store.set('_sb_lc', storefrontClick('s1'));
    const page = createListAttribution(store);
    page(clicked('collection-3', 9, 4), 's1');
    assert.deepEqual(page(added(9), 's1'), ['addToCart', { product_id: 9, list_id: 'collection-3', position: 4 }]);
  });
});
