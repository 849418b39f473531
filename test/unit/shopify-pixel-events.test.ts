import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { commandOf } from '../../snippet/shopify-pixel/standard-events.js';

const page = { document: { location: { href: 'https://shop.example/products/tee' } } };

describe('commandOf(event)', () => {
  it('keeps a product id above 2^53 as its exact digits and a safe one as a number', () => {
    const variant = (id: string) => ({ product: { id } });
    assert.deepEqual(commandOf({ name: 'product_viewed', context: page, data: { productVariant: variant('9007199254740993') } }), ['viewProduct', { product_id: '9007199254740993' }]);
    assert.deepEqual(commandOf({ name: 'product_viewed', context: page, data: { productVariant: variant('42') } }), ['viewProduct', { product_id: 42 }]);
  });

  it('sends a purchase\'s order id as the digits of gid://shopify/OrderIdentity/…, the id the webhooks and the sync send', () => {
    const purchase = (id: string) => commandOf({ name: 'checkout_completed', context: page, data: { checkout: { order: { id }, totalPrice: { amount: 64.88, currencyCode: 'EUR' } } } });
    assert.deepEqual(purchase('gid://shopify/OrderIdentity/5396439498987')?.[1], { order_id: 5396439498987, order_value: 64.88, currency: 'EUR' });
    assert.deepEqual(purchase('gid://shopify/Order/820982911946154508')?.[1], { order_id: '820982911946154508', order_value: 64.88, currency: 'EUR' });
    assert.deepEqual(purchase('5396439498987')?.[1], { order_id: 5396439498987, order_value: 64.88, currency: 'EUR' });
  });

  it('leaves out what Shopify sent as null or empty, so the tracker\'s defaults apply', () => {
    const line = { cartLine: { quantity: null, merchandise: { price: null, image: null, product: { id: '7', title: 'Tee', type: '', url: null } } } };
    assert.deepEqual(commandOf({ name: 'product_added_to_cart', context: page, data: line }), ['addToCart', { product_id: 7, name: 'Tee' }]);
  });

  it('ignores every other event name', () => {
    for (const name of ['page_viewed', 'cart_viewed', 'checkout_started', 'search_submitted']) assert.equal(commandOf({ name, context: page, data: {} }), undefined);
  });

  it('never throws, whatever data an event carries', () => {
    fc.assert(fc.property(fc.constantFrom('product_viewed', 'product_added_to_cart', 'product_removed_from_cart', 'checkout_completed'), fc.anything(), (name, data) => {
      commandOf({ name, context: page, data: data as never });
    }), { numRuns: 2000 });
  });
});
