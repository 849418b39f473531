import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapShopifyOrder } from '../../../../relay/platforms/shopify/shopify-order.js';
import { restProduct } from '../../../../relay/platforms/shopify/shopify-graphql-shapes.js';
import { mapShopifyProduct } from '../../../../relay/platforms/shopify/shopify-product.js';
import { shopifyStatus } from '../../../../relay/platforms/shopify/shopify-status.js';
import { parseExactJson, stringifyBody } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';

const payload = (name: string) => parseExactJson(fixtureText(`shopify/${name}.json`)) as Record<string, unknown>;
const settings = { currency: 'USD', shopUrl: 'https://snowdevil.example/' };

describe('mapShopifyOrder(payload)', () => {
  it('maps every order field: exact 64-bit ids, UTC times, billing address, line items without the custom one', () => {
    const mapped = mapShopifyOrder(payload('order-paid'));
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.deepEqual(mapped.body, {
      order_id: 820982911946154508n,
      date_created_gmt: '2026-11-21 17:01:19',
      date_modified_gmt: '2026-11-21 17:05:42',
      order_value: 239.48,
      currency: 'USD',
      status: 'processing',
      email: 'jon@example.com',
      first_name: 'Jon',
      last_name: 'Doe',
      phone: '555-625-1199',
      city: 'Drayton Valley',
      zip_code: 'T0E 0M0',
      country: 'CA',
      line_items: [
        {
          line_item_product_id: 632910392,
          line_item_variation_id: 39072856,
          line_item_quantity: 1,
          line_item_price: 199,
          line_item_total_tax: 19.5,
          line_item_sku: 'IPOD2008GREEN',
          line_item_name: 'IPod Nano - 8gb - green',
        },
        {
          line_item_product_id: 9007199254740993n,
          line_item_variation_id: 9007199254740995n,
          line_item_quantity: 2,
          line_item_price: 0.1,
          line_item_total_tax: 0.3,
          line_item_sku: 'STICK-HOLO',
          line_item_name: 'Sticker pack - Holo',
        },
      ],
    });
  });

  it('writes the exact digits the platform sent, where JSON.parse would round them', () => {
    const mapped = mapShopifyOrder(payload('order-paid'));
    assert.ok('kind' in mapped);
    const text = stringifyBody(mapped.body);
    assert.match(text, /"order_id":820982911946154508,/);
    assert.match(text, /"line_item_product_id":9007199254740993,/);
    assert.equal(String(JSON.parse(fixtureText('shopify/order-paid.json')).id), '820982911946154500');
  });

  it("falls back to the shipping address, then the customer's default address", () => {
    const order = payload('order-paid');
    delete order['billing_address'];
    const shipped = mapShopifyOrder(order);
    assert.ok('kind' in shipped);
    assert.equal(shipped.body['city'], 'Shippington');
    delete order['shipping_address'];
    const home = mapShopifyOrder(order);
    assert.ok('kind' in home);
    assert.equal(home.body['city'], 'Drayton Valley');
  });
});

describe('shopifyStatus(order)', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ cancelled_at: '2026-11-21T13:01:19-04:00', financial_status: 'paid' }, 'cancelled'],
    [{ financial_status: 'voided' }, 'cancelled'],
    [{ financial_status: 'refunded', fulfillment_status: 'fulfilled' }, 'refunded'],
    [{ financial_status: 'paid', fulfillment_status: 'fulfilled' }, 'completed'],
    [{ financial_status: 'paid', fulfillment_status: null }, 'processing'],
    [{ financial_status: 'partially_refunded', fulfillment_status: 'partial' }, 'processing'],
    [{ financial_status: 'authorized' }, 'pending'],
    [{ financial_status: 'pending' }, 'pending'],
  ];
  for (const [order, status] of cases) {
    it(`is ${status} for ${JSON.stringify(order)}`, () => assert.equal(shopifyStatus(order), status));
  }
});

describe('mapShopifyProduct(payload, settings)', () => {
  it('maps the product, never a variant: cheapest variant price and SKU, sale flag, text description, link from the handle', () => {
    const mapped = mapShopifyProduct(payload('product'), settings);
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.deepEqual(mapped.body, {
      product_id: 788032119674292922n,
      name: 'Example T-Shirt',
      price: 17.99,
      currency: 'USD',
      on_sale: false,
      description: 'A soft tee in organic cotton. Printed "by hand" in Portland.',
      categories: 'Shirts',
      image: 'https://cdn.shopify.com/s/files/1/0000/0001/products/tee-front.jpg',
      image2: 'https://cdn.shopify.com/s/files/1/0000/0001/products/tee-back.jpg',
      link: 'https://snowdevil.example/products/example-t-shirt',
      sku: 'TEE-S',
    });
  });

  it("is on sale when the cheapest variant's compare-at price is above its price", () => {
    const product = payload('product');
    const [, small] = product['variants'] as Record<string, unknown>[];
    small!['compare_at_price'] = '21.00';
    const mapped = mapShopifyProduct(product, settings);
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['on_sale'], true);
  });

  it('sends only active products published to the online store', () => {
    // Named as withdrawn: if it was sent before, the merchant is told the service still lists it.
    const id = '788032119674292922';
    assert.deepEqual(mapShopifyProduct({ ...payload('product'), status: 'draft' }, settings), {
      skip: 'status draft: only active products are sent',
      withdrawn: id,
    });
    assert.deepEqual(mapShopifyProduct({ ...payload('product'), published_at: null }, settings), {
      skip: 'not published to the online store',
      withdrawn: id,
    });
  });
});

describe('restProduct(node, variants, images) then mapShopifyProduct', () => {
  const node = {
    id: 'gid://shopify/Product/7',
    title: 'Tee',
    handle: 'tee',
    status: 'ACTIVE',
    publishedAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-02T00:00:00Z',
  };
  const listed = [
    { price: '19.99', compareAtPrice: '24.99', sku: 'tee-s' },
    { price: '21.99', compareAtPrice: null, sku: 'tee-m' },
  ];

  it('prices a product by its cheapest listed variant when priceRangeV2 knows no lower price', () => {
    const mapped = mapShopifyProduct(
      restProduct({ ...node, priceRangeV2: { minVariantPrice: { amount: '19.99' } } }, listed, []),
      {
        currency: 'USD',
        shopUrl: 'https://shop.example',
      },
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['price'], mapped.body['on_sale'], mapped.body['sku']], [19.99, true, 'tee-s']);
  });

  it("takes priceRangeV2's lower price when the cheapest variant is not among the first 100 listed", () => {
    const mapped = mapShopifyProduct(
      restProduct({ ...node, priceRangeV2: { minVariantPrice: { amount: '9.50' } } }, listed, []),
      {
        currency: 'USD',
        shopUrl: 'https://shop.example',
      },
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['price'], mapped.body['on_sale'], mapped.body['sku']], [9.5, false, undefined]);
  });
});
