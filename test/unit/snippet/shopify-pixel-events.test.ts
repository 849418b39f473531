import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkoutEventId, commandOf } from '../../../snippet/shopify-pixel/standard-events.js';
import { EVENT_ID_PATTERN } from '../../../snippet/protocol.js';

const page = { document: { location: { href: 'https://shop.example/products/tee' } } };

describe('commandOf(event)', () => {
  it('keeps a product id above 2^53 as its exact digits and a safe one as a number', () => {
    const variant = (id: string) => ({ product: { id } });
    assert.deepEqual(
      commandOf({ name: 'product_viewed', context: page, data: { productVariant: variant('9007199254740993') } }),
      ['viewProduct', { product_id: '9007199254740993' }],
    );
    assert.deepEqual(commandOf({ name: 'product_viewed', context: page, data: { productVariant: variant('42') } }), [
      'viewProduct',
      { product_id: 42 },
    ]);
  });

  it("sends a purchase's order id as the digits of gid://shopify/OrderIdentity/…, the id the webhooks and the sync send", () => {
    const purchase = (id: string) =>
      commandOf({
        name: 'checkout_completed',
        context: page,
        data: { checkout: { order: { id }, totalPrice: { amount: 64.88, currencyCode: 'EUR' } } },
      });
    assert.deepEqual(purchase('gid://shopify/OrderIdentity/5396439498987')?.[1], {
      order_id: 5396439498987,
      order_value: 64.88,
      currency: 'EUR',
    });
    assert.deepEqual(purchase('gid://shopify/Order/820982911946154508')?.[1], {
      order_id: '820982911946154508',
      order_value: 64.88,
      currency: 'EUR',
    });
    assert.deepEqual(purchase('5396439498987')?.[1], { order_id: 5396439498987, order_value: 64.88, currency: 'EUR' });
  });

  // The checkout as the Web Pixels API documents it (standard-events/checkout_started): `lineItems[]` with `quantity` and `variant`.
  const checkout = {
    totalPrice: { amount: 64.88, currencyCode: 'EUR' },
    lineItems: [
      {
        quantity: 2,
        title: 'Tee',
        variant: {
          id: 'gid://shopify/ProductVariant/11',
          price: { amount: 19.9, currencyCode: 'EUR' },
          image: { src: '//cdn.shopify.com/tee.jpg' },
          product: { id: 'gid://shopify/Product/7', title: 'Tee', type: 'Shirts', url: '/products/tee' },
        },
      },
      { quantity: 1, variant: { price: { amount: 25.08, currencyCode: 'EUR' }, product: { id: '8', title: 'Mug' } } },
      null,
    ],
  };
  const items = [
    {
      product_id: 7,
      name: 'Tee',
      product_type: 'Shirts',
      price: 19.9,
      currency: 'EUR',
      url: 'https://shop.example/products/tee',
      image_url: 'https://cdn.shopify.com/tee.jpg',
      quantity: 2,
    },
    { product_id: 8, name: 'Mug', price: 25.08, currency: 'EUR', quantity: 1 },
  ];

  it('sends a started checkout as Checkout Started with its value, currency and items, the fields the plugin and the module send', () => {
    assert.deepEqual(commandOf({ name: 'checkout_started', context: page, data: { checkout } }), [
      'track',
      'Checkout Started',
      { order_value: 64.88, currency: 'EUR', items },
    ]);
  });

  it("sends a completed checkout's items beside its order id, value and currency", () => {
    assert.deepEqual(
      commandOf({
        name: 'checkout_completed',
        context: page,
        data: { checkout: { ...checkout, order: { id: 'gid://shopify/OrderIdentity/5396439498987' } } },
      }),
      ['purchase', { order_id: 5396439498987, order_value: 64.88, currency: 'EUR', items }],
    );
  });

  it("leaves out what Shopify sent as null or empty, so the tracker's defaults apply", () => {
    const line = {
      cartLine: {
        quantity: null,
        merchandise: { price: null, image: null, product: { id: '7', title: 'Tee', type: '', url: null } },
      },
    };
    assert.deepEqual(commandOf({ name: 'product_added_to_cart', context: page, data: line }), [
      'addToCart',
      { product_id: 7, name: 'Tee' },
    ]);
  });

  it('ignores every other event name', () => {
    for (const name of ['page_viewed', 'cart_viewed', 'checkout_contact_info_submitted', 'search_submitted'])
      assert.equal(commandOf({ name, context: page, data: {} }), undefined);
  });

  it('never throws, whatever data an event carries', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'product_viewed',
          'product_added_to_cart',
          'product_removed_from_cart',
          'checkout_started',
          'checkout_completed',
        ),
        fc.anything(),
        (name, data) => {
          commandOf({ name, context: page, data: data as never });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("prices a checkout line at its finalLinePrice over its quantity, to the cent, in that price's currency", () => {
    const line = (finalLinePrice: unknown, quantity: number) => ({
      quantity,
      finalLinePrice,
      variant: { price: { amount: 19.9, currencyCode: 'EUR' }, product: { id: '7' } },
    });
    const items = (lineItems: unknown[]) =>
      (
        commandOf({ name: 'checkout_started', context: page, data: { checkout: { lineItems } as never } })?.[2] as {
          items: unknown[];
        }
      ).items;
    assert.deepEqual(items([line({ amount: 10, currencyCode: 'CHF' }, 3), line(null, 1)]), [
      { product_id: 7, price: 3.33, currency: 'CHF', quantity: 3 },
      { product_id: 7, price: 19.9, currency: 'EUR', quantity: 1 },
    ]);
  });
});

describe('checkoutEventId(token)', () => {
  it("is one event id per checkout token, always within the relay's event_id pattern", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (token) => {
        const id = checkoutEventId(token);
        assert.equal(id, checkoutEventId(token));
        assert.ok(id === undefined ? token === '' : EVENT_ID_PATTERN.test(id));
      }),
    );
    assert.equal(checkoutEventId('b1946ac92492d2347c6235b4d2611184'), 'checkout-b1946ac92492d2347c6235b4d2611184');
    assert.notEqual(checkoutEventId('a'.repeat(80) + 'x'), checkoutEventId('a'.repeat(80) + 'y'));
  });
});
