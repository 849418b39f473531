import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import {
  AddedToCartSchema,
  LineItemSchema,
  OrderSchema,
  ProductSchema,
  TrackingEventSchema,
} from '../../../relay/contract/schemas.js';
import { addedToCart, lineItem, order, product, trackingEvent } from '../../helpers/records.js';

/** Whether the schema alone (no timestamp window, no character check) takes each value. */
function takes(schema: TSchema, values: unknown[]): boolean[] {
  const compiled = Compile(schema);
  return values.map((value) => compiled.Check(value));
}

const NOW = Date.parse('2026-06-15T12:00:00Z');

describe('the service records’ schemas (relay/contract/schemas.ts)', () => {
  it('bounds every text field at 4,096 characters, a product description at 65,536 and a timestamp at 42', () => {
    const text = (n: number) => 'x'.repeat(n);
    assert.deepEqual(takes(OrderSchema, [order(NOW, { city: text(4096) }), order(NOW, { city: text(4097) })]), [
      true,
      false,
    ]);
    assert.deepEqual(
      takes(ProductSchema, [
        product({ description: text(65_536), sku: text(4096) }),
        product({ description: text(65_537) }),
        product({ sku: text(4097) }),
      ]),
      [true, false, false],
    );
    const longest = '2026-06-15T10:00:00.123456+02:00:00.123456';
    assert.equal(longest.length, 42);
    assert.deepEqual(
      takes(OrderSchema, [
        order(NOW, { date_created_gmt: longest }),
        order(NOW, { date_created_gmt: `${longest}7` }),
        order(NOW, { completion_date_gmt: `${longest}7` }),
      ]),
      [true, false, false],
    );
  });

  it('takes an order_id, product_id or line item id from 0 to 2^53 − 1, whole, and nothing past', () => {
    const ids = [0, Number.MAX_SAFE_INTEGER, -1, 1.5, 2 ** 53, '7'];
    assert.deepEqual(
      takes(
        OrderSchema,
        ids.map((order_id) => order(NOW, { order_id })),
      ),
      [true, true, false, false, false, false],
    );
    assert.deepEqual(
      takes(
        ProductSchema,
        ids.map((product_id) => product({ product_id })),
      ),
      [true, true, false, false, false, false],
    );
    assert.deepEqual(
      takes(
        LineItemSchema,
        ids.map((line_item_variation_id) => lineItem({ line_item_variation_id })),
      ),
      [true, true, false, false, false, false],
    );
  });

  it('takes up to 1,000 line items, each with a whole quantity of 0 or more and none of a field it does not know', () => {
    const lines = (n: number) => Array.from({ length: n }, () => lineItem());
    assert.deepEqual(
      takes(OrderSchema, [
        order(NOW, { line_items: [] }),
        order(NOW, { line_items: lines(1000) }),
        order(NOW, { line_items: lines(1001) }),
      ]),
      [true, true, false],
    );
    assert.deepEqual(
      takes(LineItemSchema, [
        lineItem({ line_item_quantity: 0 }),
        lineItem({ line_item_quantity: -1 }),
        lineItem({ line_item_quantity: 1.5 }),
        lineItem({ line_item_colour: 'red' }),
      ]),
      [true, false, false, false],
    );
  });

  it("refuses an order's, product's or event's field it does not know, and lets an event's own object carry any", () => {
    assert.deepEqual(
      takes(OrderSchema, [order(NOW, { coupon: 'X' })]).concat(
        takes(ProductSchema, [product({ colour: 'red' })]),
        takes(TrackingEventSchema, [trackingEvent(NOW, { ip: '1.2.3.4' })]),
        takes(TrackingEventSchema, [trackingEvent(NOW, { event: { anything: [1, { deep: true }] } })]),
        takes(AddedToCartSchema, [addedToCart({ colour: 'red' })]),
      ),
      [false, false, false, true, true],
    );
    const cart = addedToCart();
    delete cart['product_id'];
    assert.deepEqual(takes(AddedToCartSchema, [cart, addedToCart({ quantity: 0 })]), [false, false]);
  });

  it("bounds a tracking event's user_id, event_name and session_id at 1 to 256 characters, and needs no datetime or session", () => {
    const event = trackingEvent(NOW);
    delete event['datetime'];
    delete event['session_id'];
    const values = ['user_id', 'event_name', 'session_id'].flatMap((field) => [
      trackingEvent(NOW, { [field]: 'x'.repeat(256) }),
      trackingEvent(NOW, { [field]: 'x'.repeat(257) }),
      trackingEvent(NOW, { [field]: '' }),
    ]);
    assert.deepEqual(takes(TrackingEventSchema, [event, ...values]), [
      true,
      ...[true, false, false],
      ...[true, false, false],
      ...[true, false, false],
    ]);
  });

  it('names each schema by the $id the OpenAPI document refers to it by', () => {
    assert.deepEqual(
      [LineItemSchema, OrderSchema, ProductSchema, AddedToCartSchema, TrackingEventSchema].map(
        (s) => (s as { $id?: unknown }).$id,
      ),
      ['LineItem', 'Order', 'Product', 'AddedToCart', 'TrackingEvent'],
    );
  });
});
