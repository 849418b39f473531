import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { runCli } from '../helpers/cli-run.js';
import { RecordedShop } from '../helpers/recorded-shop.js';
import { relayForSuite, until } from '../helpers/relay-harness.js';

// A real WooCommerce 9.2.5 on WordPress 7.0 (America/Los_Angeles, EUR, taxes), its answers recorded
// by scripts/record-shop.mjs while `backfill` and `connect` ran, under HPOS and legacy order storage;
// its signed webhook deliveries captured as they arrived (secret "fixture-secret").
const RECORDED = 'test/connectors/woocommerce/fixtures/recorded';
const SERVICE_TOKEN = 'svc-token-recorded-woo';
const KEY = {
  SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: 'ck_recorded',
  SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: 'cs_recorded',
};
type Row = Record<string, unknown>;

async function backfillFrom(file: string, env: Record<string, string> = {}) {
  const shop = await new RecordedShop(join(RECORDED, file)).start();
  const mock = await createMockUpstream({ token: SERVICE_TOKEN });
  try {
    const run = await runCli(['backfill', 'woocommerce', '--url', shop.url], {
      ...KEY,
      SHOPBEACON_BASE_URL: mock.url,
      SHOPBEACON_TOKEN: SERVICE_TOKEN,
      SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-recorded-woo-')),
      ...env,
    });
    return {
      run,
      unmatched: shop.unmatched,
      orders: mock.records('orders') as Row[],
      products: mock.records('products') as Row[],
    };
  } finally {
    await shop.close();
    await mock.close();
  }
}

describe('a real WooCommerce 9.2.5, replayed', () => {
  for (const storage of ['hpos', 'legacy']) {
    it(`backfill (${storage} order storage) sends every order and product it can, right, and names by id what it cannot`, async () => {
      const { run, unmatched, orders, products } = await backfillFrom(`backfill-${storage}.json`);
      assert.deepEqual(unmatched, []);
      assert.match(run.stdout, /products: read 22, delivered 16, invalid 5, failed 0, .*skipped 1 status draft/);
      assert.match(run.stdout, /orders: read 55, delivered 54, invalid 1, failed 0/);
      assert.ok(run.stderr.includes('order 67: city: is required'), run.stderr);
      assert.ok(
        run.stderr.includes('product 42: image: is required'),
        'a product without an image: the service requires one',
      );
      const jug = orders.find((o) => o['order_id'] === 60);
      assert.deepEqual(
        (jug?.['line_items'] as Row[]).map((li) => li['line_item_product_id']),
        [14, 20],
        'the line of the deleted product left out, the order sent',
      );
      const teapot = products.find((p) => p['product_id'] === 12);
      assert.equal(teapot?.['categories'], 'Kitchen,Tea & Coffee', 'WordPress stores Tea &amp; Coffee');
      assert.ok(!JSON.stringify(products).includes('&amp;'));
    });
  }

  it("backfill with a wrong consumer secret stops with WooCommerce's own code and message, not the currency", async () => {
    const { run } = await backfillFrom('backfill-wrong-secret.json');
    assert.equal(run.code, 1);
    assert.match(
      run.stderr.trim(),
      /^shopbeacon backfill: WooCommerce refused the credentials \(401 woocommerce_rest_authentication_error: Consumer secret is invalid\. for http:\/\/127\.0\.0\.1:\d+\/wp-json\/wc\/v3\/settings\/general\/woocommerce_currency\)/,
    );
    assert.doesNotMatch(run.stderr, /SHOPBEACON_SHOP_CURRENCY/);
  });

  it('connect with a read-only key names the write permission WooCommerce refused', async () => {
    const shop = await new RecordedShop(join(RECORDED, 'connect-read-only-key.json')).start();
    try {
      const run = await runCli(['connect', 'woocommerce', '--url', shop.url, '--public-url', `${shop.url}/sb`], KEY);
      assert.equal(run.code, 1);
      assert.match(
        run.stderr,
        /401 woocommerce_rest_authentication_error: The API key provided does not have write permissions\./,
      );
    } finally {
      await shop.close();
    }
  });
});

/** A webhook delivery as it reached a capture server: WooCommerce's headers and its raw bytes. */
interface Delivery {
  headers: Record<string, string>;
  rawBody: string;
}

const delivery = (name: string) =>
  JSON.parse(readFileSync(join(RECORDED, 'webhooks', `${name}.json`), 'utf8')) as Delivery;

describe('real WooCommerce 9.2.5 webhook deliveries, replayed', () => {
  const h = relayForSuite({ config: { woocommerceSecret: 'fixture-secret', shopCurrency: 'EUR' } });

  async function replay(name: string): Promise<{ status: number; body: Row }> {
    const { headers, rawBody } = delivery(name);
    const forwarded = Object.fromEntries(
      Object.entries(headers).filter(
        ([header]) => !['host', 'content-length', 'connection'].includes(header.toLowerCase()),
      ),
    );
    const answer = await request(`${h.url}/webhooks/woocommerce`, {
      method: 'POST',
      headers: forwarded,
      body: rawBody,
    });
    return { status: answer.statusCode, body: (await answer.body.json()) as Row };
  }

  it('answers the ping (no X-WC headers, a form body) without a signature', async () => {
    assert.deepEqual(await replay('delivery-01-ping'), { status: 200, body: { ok: true, ping: true } });
  });

  it('takes the signed order.created and order.updated of one order, dates in UTC', async () => {
    assert.equal((await replay('delivery-07-order-created-120')).status, 200);
    assert.equal((await replay('delivery-08-order-updated-120')).status, 200);
    await until(() => h.mock.records('orders').some((o) => (o as Row)['order_id'] === 120), 'order 120 at the service');
    const order = h.mock.records('orders').find((o) => (o as Row)['order_id'] === 120) as Row;
    assert.deepEqual(
      [order['city'], order['country'], order['currency'], order['status']],
      ['Berlin', 'DE', 'EUR', 'completed'],
    );
    const sent = JSON.parse(delivery('delivery-07-order-created-120').rawBody) as Row;
    assert.deepEqual(
      [sent['date_created'], order['date_created_gmt']],
      ['2026-11-25T20:14:23', '2026-11-26T04:14:23'],
      "the shop's Los Angeles time, sent as UTC",
    );
  });

  it('takes a product update with its category as text, skips a variation and ignores a deletion', async () => {
    assert.equal((await replay('delivery-09-product-updated-18')).body['status'], 'queued');
    assert.equal(
      (await replay('delivery-10-product-updated-52')).body['skipped'],
      'a variation: the service takes base products only',
    );
    assert.equal((await replay('delivery-12-product-deleted-122')).status, 200);
    await until(
      () => h.mock.records('products').some((p) => (p as Row)['product_id'] === 18),
      'product 18 at the service',
    );
    const mug = h.mock.records('products').find((p) => (p as Row)['product_id'] === 18) as Row;
    assert.deepEqual([mug['name'], mug['categories'], mug['currency']], ['Mug', 'Tea & Coffee', 'EUR']);
  });
});

// The newest: a real WooCommerce 11.0.1 on WordPress 7.0.4 (HPOS, the plugin 0.3.0 active, so its
// products carry shopbeacon_price), recorded the same way on 2026-11-27.
describe('a real WooCommerce 11.0.1, replayed', () => {
  it('backfill sends every order and product it can, each product at the price the shop shows, and names by id what it cannot', async () => {
    const { run, unmatched, orders, products } = await backfillFrom('backfill-wc11.json');
    assert.deepEqual(unmatched, []);
    assert.match(run.stdout, /products: read 18, delivered 16, invalid 1, failed 0, .*skipped 1 status draft/);
    assert.match(run.stdout, /orders: read 54, delivered 53, invalid 1, failed 0/);
    assert.deepEqual(
      run.stderr.split('\n').filter((line) => /^(order|product) \d+: /.test(line)),
      ['product 42: image: is required', 'order 67: city: is required'],
    );
    const teapot = products.find((p) => p['product_id'] === 12);
    assert.deepEqual(
      [teapot?.['price'], teapot?.['categories']],
      [6.55, 'Kitchen,Tea & Coffee'],
      'shopbeacon_price: 5.50 entered, shown with 19 % tax',
    );
    const jug = orders.find((o) => o['order_id'] === 60);
    assert.deepEqual(
      (jug?.['line_items'] as Row[]).map((li) => li['line_item_product_id']),
      [14, 20],
      'the line of the deleted product left out, the order sent',
    );
    // The order a new visitor placed through the Checkout block on this shop: its Order Completed event carried order_id 115.
    const placed = orders.find((o) => o['order_id'] === 115);
    assert.deepEqual(
      [placed?.['email'], placed?.['status'], placed?.['order_value']],
      ['v1.journey@example.com', 'processing', 50.46],
    );
  });

  it("backfill with a wrong consumer secret stops with WooCommerce 11's own code and message", async () => {
    const { run } = await backfillFrom('backfill-wc11-wrong-secret.json');
    assert.equal(run.code, 1);
    assert.match(
      run.stderr.trim(),
      /^shopbeacon backfill: WooCommerce refused the credentials \(401 woocommerce_rest_authentication_error: Consumer secret is invalid\. for /,
    );
  });
});
