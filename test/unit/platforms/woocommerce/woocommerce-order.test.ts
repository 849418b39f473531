import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { mapWooCommerceOrder } from '../../../../relay/platforms/woocommerce/woocommerce-order.js';
import { parseExactJson } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';

const payload = (name: string) => parseExactJson(fixtureText(`woocommerce/${name}.json`)) as Record<string, unknown>;

describe('mapWooCommerceOrder(payload)', () => {
  it('maps every order field of a paid order with a variation line item, field by field', () => {
    const mapped = mapWooCommerceOrder(payload('order-variation'));
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.deepEqual(mapped.body, {
      order_id: 727,
      date_created_gmt: '2026-11-20T09:15:02',
      date_modified_gmt: '2026-11-20T09:15:03',
      order_value: 65.81,
      currency: 'EUR',
      status: 'processing',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+49 30 1234567',
      city: 'Berlin',
      zip_code: '10117',
      country: 'DE',
      line_items: [
        {
          line_item_product_id: 93,
          line_item_variation_id: 101,
          line_item_quantity: 2,
          line_item_price: 19.9,
          line_item_subtotal: 39.8,
          line_item_total: 39.8,
          line_item_subtotal_tax: 7.56,
          line_item_total_tax: 7.56,
          line_item_tax_class: 'reduced-rate',
          line_item_sku: 'SHIRT-BLUE-M',
          line_item_name: 'Linen Shirt - Blue, M',
        },
        {
          line_item_product_id: 22,
          line_item_quantity: 1,
          line_item_price: 10.61,
          line_item_subtotal: 10.61,
          line_item_total: 10.61,
          line_item_subtotal_tax: 2.02,
          line_item_total_tax: 2.02,
          line_item_sku: 'MUG-ENAMEL',
          line_item_name: 'Enamel Mug',
        },
      ],
    });
  });

  it("sends a line under the default language's product the plugin names (Polylang, WPML), else under its own", () => {
    const order = payload('order-variation');
    const [line] = order['line_items'] as Record<string, unknown>[];
    const translated = mapWooCommerceOrder({
      ...order,
      line_items: [{ ...line, product_id: 154, shopbeacon_product_id: 18 }],
    });
    const own = mapWooCommerceOrder(order);
    assert.ok('kind' in translated && 'kind' in own);
    const productOf = (body: Record<string, unknown>) =>
      (body['line_items'] as Record<string, unknown>[])[0]!['line_item_product_id'];
    assert.deepEqual([productOf(translated.body), productOf(own.body)], [18, 93]);
  });

  it("takes a digital order's address from billing when WooCommerce left shipping empty, and its completion date", () => {
    const mapped = mapWooCommerceOrder(payload('order-digital'));
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['city'], 'Hamburg');
    assert.equal(mapped.body['zip_code'], '20095');
    assert.equal(mapped.body['completion_date_gmt'], '2026-11-21T07:02:11');
    assert.equal(mapped.body['phone'], undefined);
  });

  it('falls back to shipping field by field when billing lacks a value', () => {
    const order = payload('order-variation');
    order['billing'] = { ...(order['billing'] as object), city: '', postcode: '' };
    order['shipping'] = { ...(order['shipping'] as object), city: 'Potsdam', postcode: '14467' };
    const mapped = mapWooCommerceOrder(order);
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['city'], 'Potsdam');
    assert.equal(mapped.body['zip_code'], '14467');
  });

  it('sends a refund-updated order with its total and status as WooCommerce has them', () => {
    const mapped = mapWooCommerceOrder(payload('order-refunded'));
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['order_value'], 65.81);
    assert.equal(mapped.body['status'], 'completed');
    assert.equal(mapped.body['date_modified_gmt'], '2026-11-22T08:30:00');
  });

  it('names the field of an amount that is not a decimal', () => {
    const mapped = mapWooCommerceOrder({ ...payload('order-variation'), total: 'about ten' });
    assert.ok('kind' in mapped);
    assert.deepEqual(
      mapped.errors.map((e) => e.path),
      ['order_value'],
    );
  });

  it('leaves out a line whose product was deleted (product_id 0) and still sends the order with its full value', () => {
    const order = payload('order-variation');
    const lines = order['line_items'] as Record<string, unknown>[];
    const mapped = mapWooCommerceOrder({
      ...order,
      line_items: [...lines, { ...lines[0], id: 999, product_id: 0, variation_id: 0, name: 'A deleted product' }],
    });
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.equal((mapped.body['line_items'] as unknown[]).length, lines.length);
    assert.equal(mapped.body['order_value'], 65.81);
  });

  it('skips a block-checkout draft, which is no order yet', () => {
    assert.deepEqual(mapWooCommerceOrder({ ...payload('order-variation'), status: 'checkout-draft' }), {
      skip: 'status checkout-draft: not an order yet',
    });
  });
});

/** The orders a real WooCommerce 11.0.1 answered the sweep: back-office ones (`admin`) and both checkouts'. */
function recordedWc11Orders(): Record<string, unknown>[] {
  const file = new URL('../../../connectors/woocommerce/fixtures/recorded/backfill-wc11.json', import.meta.url);
  const { exchanges } = JSON.parse(readFileSync(file, 'utf8')) as { exchanges: { path: string; body: string }[] };
  const page = exchanges.find((e) => e.path.startsWith('/wp-json/wc/v3/orders?'));
  return JSON.parse(page?.body ?? '[]') as Record<string, unknown>[];
}

describe('mapWooCommerceOrder(payload).channel, how WooCommerce says the order was made', () => {
  it("reads a real 11.0.1 shop's created_via: admin is the back office, checkout and store-api the storefront, never a payment method", () => {
    const origins = new Map<string, Set<string>>();
    for (const order of recordedWc11Orders()) {
      const mapped = mapWooCommerceOrder(order);
      assert.ok('kind' in mapped && mapped.channel);
      const via = String(order['created_via']);
      origins.set(via, (origins.get(via) ?? new Set()).add(mapped.channel.madeBy));
      assert.deepEqual(
        Object.keys(mapped.channel),
        ['madeBy', 'said'],
        'what the shop said of its origin, and nothing else',
      );
    }
    assert.deepEqual(Object.fromEntries([...origins].map(([via, made]) => [via, [...made]])), {
      admin: ['back office'],
      checkout: ['storefront'],
      'store-api': ['storefront'],
    });
  });

  it('names the REST API, the Point of Sale and a Subscriptions renewal, and takes an unsaid origin for no storefront order', () => {
    const madeBy = (createdVia: unknown) => {
      const mapped = mapWooCommerceOrder({ ...payload('order-variation'), created_via: createdVia });
      return 'kind' in mapped ? mapped.channel : undefined;
    };
    assert.deepEqual(['rest-api', 'pos-rest-api', 'subscription', '', undefined, 'my-importer'].map(madeBy), [
      { madeBy: 'API', said: 'created_via rest-api' },
      { madeBy: 'point of sale', said: 'created_via pos-rest-api' },
      { madeBy: 'subscription renewal', said: 'created_via subscription' },
      { madeBy: 'other', said: 'created_via unsaid' },
      { madeBy: 'other', said: 'created_via unsaid' },
      { madeBy: 'other', said: 'created_via my-importer' },
    ]);
  });
});
