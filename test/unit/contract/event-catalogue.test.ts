import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Compile } from 'typebox/compile';
import { readFileSync } from 'node:fs';
import {
  EVENT_CATALOGUE,
  LIST_PRODUCT_FIELDS,
  MAX_LIST_PRODUCTS,
  PRODUCT_FIELDS,
  eventObjectSchema,
  helperEventName,
  type CatalogueFields,
} from '../../../relay/contract/event-catalogue.js';
import { validateTrackingEvent } from '../../../relay/contract/validate.js';
import { UNCATALOGUED_EVENT } from '../../helpers/catalogue.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const tracked = (event_name: string, event: unknown) => ({
  user_id: 'visitor-1',
  event_name,
  event,
  datetime: '2026-06-15 11:00:00+00:00',
});
const refusals = (event_name: string, event: unknown) => {
  const result = validateTrackingEvent(tracked(event_name, event), { now: NOW });
  return result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
};
const listProduct = (position: number) => ({
  product_id: 10 + position,
  position,
  name: `P${position}`,
  price: 4.5,
  currency: 'EUR',
  url: `https://shop.test/p/${position}`,
});

describe('the event catalogue (relay/contract/event-catalogue.ts)', () => {
  it('names the eight events every platform sends, and the short name each snippet helper sends', () => {
    const everyPlatform = Object.entries(EVENT_CATALOGUE).filter(([, { platforms }]) => platforms);
    assert.deepEqual(
      everyPlatform.map(([name]) => name),
      [
        'Product Viewed',
        'Added To Cart',
        'Removed From Cart',
        'Checkout Started',
        'Order Completed',
        'Products Searched',
        'Product List Viewed',
        'Product Clicked',
      ],
    );
    assert.deepEqual(
      ['addToCart', 'viewList', 'search', 'click', 'purchase', 'Added To Cart', 'track', UNCATALOGUED_EVENT].map(
        helperEventName,
      ),
      [
        'Added To Cart',
        'Product List Viewed',
        'Products Searched',
        'Product Clicked',
        'Order Completed',
        'Added To Cart',
        'track',
        UNCATALOGUED_EVENT,
      ],
    );
  });

  it('accepts the three listing events with their catalogued fields', () => {
    assert.deepEqual(refusals('Products Searched', { query: 'tea', results: 0 }), []);
    assert.deepEqual(
      refusals('Product List Viewed', {
        list_id: 'category-12',
        list_name: 'Tea',
        products: [listProduct(17), listProduct(18)],
      }),
      [],
    );
    assert.deepEqual(refusals('Product Clicked', { product_id: 27, position: 17, list_id: 'category-12' }), []);
  });

  it('refuses each catalogued event field by field, naming the field and the cause', () => {
    assert.deepEqual(refusals('Products Searched', { query: '', results: -1 }), [
      'event.query: must not be empty',
      'event.results: must be at least 0',
    ]);
    assert.deepEqual(
      refusals('Product List Viewed', { list_name: 'Tea', products: [{ product_id: 1, position: 0, price: '4' }] }),
      [
        'event.list_id: is required',
        'event.products[0].position: must be at least 1',
        'event.products[0].price: must be a finite number',
      ],
    );
    assert.deepEqual(refusals('Product Clicked', { position: 2.5 }), [
      'event.product_id: is required',
      'event.list_id: is required',
      'event.position: must be an integer',
    ]);
    assert.deepEqual(refusals('Order Completed', { order_value: 9, currency: 'EURO' }), [
      'event.order_id: is required',
      'event.currency: must be a three-letter currency code such as EUR',
    ]);
    assert.deepEqual(refusals('Checkout Started', { items: [{ quantity: 1 }] }), [
      'event.items[0].product_id: is required',
    ]);
  });

  it("accepts a product's attribution, on a cart event and each line of an order, and refuses a position or a query without its list_id", () => {
    const clicked = { list_id: 'search', position: 3, query: 'green tea' };
    assert.deepEqual(refusals('Added To Cart', { product_id: 7, quantity: 1, ...clicked }), []);
    assert.deepEqual(
      refusals('Order Completed', { order_id: 9, items: [{ product_id: 7, ...clicked }, { product_id: 8 }] }),
      [],
    );
    assert.deepEqual(refusals('Added To Cart', { product_id: 7, position: 3 }), [
      'event.position: needs list_id beside it',
    ]);
    assert.deepEqual(
      refusals('Checkout Started', {
        items: [
          { product_id: 7, query: 'tea' },
          { product_id: 8, list_id: 'related-7', position: 0 },
        ],
      }),
      ['event.items[0].query: needs list_id beside it', 'event.items[1].position: must be at least 1'],
    );
    const strict = Compile(eventObjectSchema('Order Completed', true)!);
    assert.equal(strict.Check({ order_id: 9, items: [{ product_id: 7, ...clicked }] }), true);
    assert.equal(strict.Check({ order_id: 9, items: [{ product_id: 7, position: 3 }] }), false);
  });

  it('refuses a listing with no product or more than it carries, and lets a shop add fields of its own', () => {
    assert.deepEqual(refusals('Product List Viewed', { list_id: 'shop', products: [] }), [
      'event.products: must not have fewer than 1 items',
    ]);
    const many = Array.from({ length: MAX_LIST_PRODUCTS + 1 }, (_, i) => listProduct(i + 1));
    assert.deepEqual(refusals('Product List Viewed', { list_id: 'shop', products: many }), [
      `event.products: must hold at most ${MAX_LIST_PRODUCTS} items`,
    ]);
    assert.deepEqual(refusals('Product Viewed', { product_id: 1, brand: 'Acme' }), []);
  });

  it('holds a source to the strict form, which refuses a field the catalogue lacks, nested ones too', () => {
    const strict = Compile(eventObjectSchema('Product List Viewed', true)!);
    assert.equal(strict.Check({ list_id: 'shop', products: [listProduct(1)] }), true);
    assert.equal(strict.Check({ list_id: 'shop', products: [{ ...listProduct(1), brand: 'Acme' }] }), false);
    assert.equal(strict.Check({ list_id: 'shop', page: 2, products: [listProduct(1)] }), false);
    assert.equal(eventObjectSchema(UNCATALOGUED_EVENT, true), undefined);
  });
});

describe("docs/platforms.md's journey table against the catalogue", () => {
  const table = readFileSync('docs/platforms.md', 'utf8');
  const NESTED: Record<string, CatalogueFields> = { items: PRODUCT_FIELDS, products: LIST_PRODUCT_FIELDS };
  const rowOf = (name: string) => table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
  /** What to do when a platforms' event has no row: the row to add, its fields filled in. */
  const addRow = (name: string, fields: CatalogueFields) =>
    [
      `docs/platforms.md's journey table has no row for ${name}, which relay/contract/event-catalogue.ts says`,
      `every platform sends (\`platforms: true\`): add | \`${name}\` | ${Object.keys(fields).join(', ')} |`,
      "<WooCommerce's hook> | <PrestaShop's hook> | <Shopify's event> |, or drop `platforms: true`",
      "if only the snippet's helper or track send it",
    ].join(' ');

  for (const [name, { fields, platforms }] of Object.entries(EVENT_CATALOGUE)) {
    if (!platforms) {
      it(`has no row for ${name}, which the catalogue says no platform sends`, () => {
        const remove = `docs/platforms.md's journey table has a row for ${name}: if every platform sends it, add \`platforms: true\` to its entry in relay/contract/event-catalogue.ts, else remove the row`;
        assert.equal(rowOf(name), undefined, remove);
      });
      continue;
    }
    it(`has a row for ${name}, which every platform sends, naming every field of it and no field the catalogue lacks`, () => {
      const row = rowOf(name);
      assert.ok(row, addRow(name, fields));
      const named = new Set([...row.split('|')[2]!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!));
      const known = new Set([
        ...Object.keys(fields),
        ...Object.keys(fields).flatMap((field) => Object.keys(NESTED[field] ?? {})),
      ]);
      assert.deepEqual(
        Object.keys(fields).filter((field) => !named.has(field)),
        [],
        `${name}'s row names every field the catalogue gives it`,
      );
      assert.deepEqual(
        [...named].filter((field) => !known.has(field)),
        [],
        `${name}'s row names no field the catalogue lacks`,
      );
    });
  }
});
