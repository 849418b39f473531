import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapShopifyOrder } from '../../../../relay/platforms/shopify/shopify-order.js';
import { restOrder } from '../../../../relay/platforms/shopify/shopify-graphql-shapes.js';
import { parseExactJson, stringifyBody } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';

const payload = (name: string) => parseExactJson(fixtureText(`shopify/${name}.json`)) as Record<string, unknown>;

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

describe('mapShopifyOrder(payload).channel, how Shopify says the order was made', () => {
  const madeBy = (source: unknown) => {
    const mapped = mapShopifyOrder({ ...payload('order-paid'), source_name: source });
    return 'kind' in mapped ? mapped.channel?.madeBy : undefined;
  };

  it("reads source_name: web the storefront, pos a till, a draft or Shopify's admin apps the back office, an app's id an API's, a renewal", () => {
    assert.deepEqual(
      [
        'web',
        'pos',
        'shopify_draft_order',
        'iphone',
        'android',
        '580111',
        'subscription_contract',
        'subscription_contract_checkout_one',
      ].map(madeBy),
      [
        'storefront',
        'point of sale',
        'back office',
        'back office',
        'back office',
        'API',
        'subscription renewal',
        'subscription renewal',
      ],
    );
  });

  it('takes an unsaid or unknown source for no storefront order, and names no payment gateway', () => {
    assert.deepEqual([undefined, '', 'ebay'].map(madeBy), ['other', 'other', 'other']);
    const mapped = mapShopifyOrder(payload('order-paid'));
    assert.ok('kind' in mapped);
    assert.deepEqual(Object.keys(mapped.channel ?? {}), ['madeBy', 'said']);
  });

  it("reads the sweep's GraphQL sourceName as the webhook's source_name", () => {
    const order = restOrder({ id: 'gid://shopify/Order/9', sourceName: 'shopify_draft_order' }, []);
    const mapped = mapShopifyOrder(order);
    assert.deepEqual('kind' in mapped ? mapped.channel : undefined, {
      madeBy: 'back office',
      said: 'source_name shopify_draft_order',
    });
  });
});
