import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backfill, serviceEnv } from '../helpers/backfill-run.js';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { stringifyBody } from '../../relay/shared/exact-json.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';
import {
  SHOPIFY_CLIENT_ID,
  SHOPIFY_CLIENT_SECRET,
  SHOPIFY_TOKEN,
  ShopifyGraphqlStandIn,
} from '../connectors/shopify/standin.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../connectors/shopify/graphql-records.js';
import { type StandIn } from '../helpers/platform-standins.js';
import { WOO_KEY, WOO_SECRET, wooCommerceStandIn, wooOrders, wooProducts } from '../connectors/woocommerce/standin.js';

const wooEnv = { SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: WOO_KEY, SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: WOO_SECRET };

describe('shopbeacon backfill woocommerce', () => {
  let shop: StandIn;
  let mock: MockUpstream;
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-backfill-woo-'));
  before(async () => {
    shop = await wooCommerceStandIn(wooOrders(230), wooProducts()).start();
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
  });
  after(async () => {
    await shop.close();
    await mock.close();
  });

  it("sends every order of the window and every published product in the shop's own currency, through a page that failed once, and says what it skipped", async () => {
    const run = await backfill(['woocommerce', '--url', shop.url], {
      ...serviceEnv(mock, dataDir),
      ...wooEnv,
      SHOPBEACON_SHOP_CURRENCY: '',
    });
    assert.equal(run.code, 2, run.stderr);
    assert.match(
      run.stdout,
      /products: read 4, delivered 2, invalid 1, failed 0, skipped \(older than 2 years\) 0, skipped 1 status draft/,
    );
    assert.match(run.stdout, /orders: read 230, delivered 230, invalid 0, failed 0/);
    assert.match(run.stderr, /image: is required/);
    assert.equal(mock.records('orders').length, 230);
    assert.deepEqual(
      mock
        .records('products')
        .map((p) => (p as { product_id: number }).product_id)
        .sort(),
      [93, 98],
    );
    assert.ok(
      mock.records('products').every((p) => (p as { currency: string }).currency === 'EUR'),
      "the currency from WooCommerce's settings",
    );
    assert.ok(
      shop.served.some((s) => s.status === 500),
      'a page failed once',
    );
    assert.ok(shop.served.every((s) => !s.path.includes('per_page') || s.path.includes('per_page=100')));
    assert.ok(
      shop.served
        .filter((s) => s.path.startsWith('/wp-json/wc/v3/orders'))
        .every((s) => /modified_after=\d{4}-\d{2}-\d{2}T.*dates_are_gmt=true/.test(s.path)),
    );
  });

  it('sends nothing again on a re-run: everything is unchanged since the last', async () => {
    const calls = mock.calls().length;
    const run = await backfill(['woocommerce', '--url', shop.url], { ...serviceEnv(mock, dataDir), ...wooEnv });
    assert.match(run.stdout, /orders: read 230, delivered 0, .*unchanged \(delivered before\) 230/);
    assert.equal(mock.calls().length, calls);
  });

  it('reads and validates only with --dry-run', async () => {
    const fresh = await createMockUpstream({ token: SERVICE_TOKEN });
    try {
      const run = await backfill(['woocommerce', '--url', shop.url, '--dry-run', '--only', 'orders'], {
        ...serviceEnv(fresh, mkdtempSync(join(tmpdir(), 'sb-dry-'))),
        ...wooEnv,
      });
      assert.match(run.stdout, /orders: read 230, valid 230/);
      assert.equal(fresh.calls().length, 0);
    } finally {
      await fresh.close();
    }
  });

  it('stops with one line naming the missing variables, or saying the shop refused the key, never a stack trace', async () => {
    const missing = await backfill(['woocommerce', '--url', shop.url], serviceEnv(mock, dataDir));
    assert.equal(missing.code, 1);
    assert.equal(
      missing.stderr.trim(),
      'shopbeacon backfill: set SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY and SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET (secrets are read from the environment, never from the command line)',
    );
    const plain = await backfill(['woocommerce', '--url', 'http://shop.example'], {
      ...serviceEnv(mock, dataDir),
      ...wooEnv,
    });
    assert.equal(plain.code, 1);
    assert.equal(
      plain.stderr.trim(),
      'shopbeacon backfill: --url (SHOPBEACON_WOOCOMMERCE_URL) must be an https:// URL (http:// only for a loopback host such as 127.0.0.1)',
    );
    const wrong = await backfill(['woocommerce', '--url', shop.url], {
      ...serviceEnv(mock, dataDir),
      ...wooEnv,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: 'cs_wrong',
    });
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      /^shopbeacon backfill: WooCommerce refused the credentials \(401 woocommerce_rest_cannot_view: Sorry, you cannot list resources\. for http:\/\/127\.0\.0\.1:\d+\/wp-json\/wc\/v3\/products\)/,
    );
    assert.doesNotMatch(wrong.stderr, /\n\s+at /);
    assert.equal(wrong.stderr.includes('cs_wrong'), false);
  });
});

describe('shopbeacon backfill shopify', () => {
  it("completes a backfill longer than a minted token's life with a Dev Dashboard app's client id and secret, renewing the token as it goes", async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(50), shopifyGraphqlProducts()).start();
    shop.tokenLifetimeS = 1;
    // Each bulk operation runs through waits of 0.5 and 1 s: the backfill's two outlive a 1-second
    // token by its own waits, however fast the machine (a wall-clock bound failed on Node 22, stop 44).
    shop.bulkPollsRunning = 2;
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    try {
      const env = {
        ...serviceEnv(mock, mkdtempSync(join(tmpdir(), 'sb-backfill-shopify-cc-'))),
        SHOPBEACON_SHOPIFY_CLIENT_ID: SHOPIFY_CLIENT_ID,
        SHOPBEACON_SHOPIFY_SECRET: SHOPIFY_CLIENT_SECRET,
      };
      const run = await backfill(['shopify', '--shop', shop.url, '--shop-url', 'https://snowdevil.example'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /orders: read 50, delivered 50, invalid 0, failed 0/);
      const firstExpiry = Math.min(...shop.minted.values());
      assert.ok(
        shop.lastServedAt > firstExpiry,
        `the last call was answered ${shop.lastServedAt - firstExpiry} ms after the first token expired`,
      );
      assert.ok(shop.minted.size >= 2, `${shop.minted.size} tokens minted`);
      assert.ok(!run.stdout.includes('shpat_minted') && !run.stderr.includes('shpat_minted'));
    } finally {
      await shop.close();
      await mock.close();
    }
  });

  it('sends 300 orders with exact 64-bit ids through one bulk operation, an order of 60 line items whole, and the active product', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(300), shopifyGraphqlProducts()).start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    try {
      const env = {
        ...serviceEnv(mock, mkdtempSync(join(tmpdir(), 'sb-backfill-shopify-'))),
        SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN,
      };
      const run = await backfill(['shopify', '--shop', shop.url, '--shop-url', 'https://snowdevil.example'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /products: read 2, delivered 1, .*skipped 1 status draft/);
      assert.match(run.stdout, /orders: read 300, delivered 300, invalid 0, failed 0/);
      const orders = stringifyBody(mock.records('orders'));
      assert.ok(
        orders.includes('"order_id":820982911946154508,') && orders.includes('"order_id":820982911946154807,'),
        'the first and last ids, exact',
      );
      const first = mock.records('orders').find((o) => stringifyBody(o).includes('"order_id":820982911946154508,')) as {
        line_items: unknown[];
        status: string;
        country: string;
      };
      assert.equal(
        first.line_items.length,
        60,
        'the line items that came on lines of their own, some far from their order',
      );
      assert.equal(first.status, 'processing');
      assert.equal(first.country, 'CA');
      assert.deepEqual(
        shop.bulkQueries.map(
          (q) => /^\{ (\w+)\(query: "updated_at:>='\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ'"\)/.exec(q)?.[1],
        ),
        ['products', 'orders'],
      );
      assert.ok(
        shop.operations.filter((o) => o === 'ShopbeaconBulkStatus').length >= 4,
        'each bulk operation polled until it completed',
      );
      assert.match(
        stringifyBody(mock.records('products')),
        /"link":"https:\/\/snowdevil\.example\/products\/example-t-shirt"/,
      );
    } finally {
      await shop.close();
      await mock.close();
    }
  });

  it('keeps the 64-bit ids exact through a running relay with --via, which shows them as the Shopify backfill', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(3), shopifyGraphqlProducts()).start();
    const h = await startRelay();
    try {
      const env = {
        SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-via-')),
        SHOPBEACON_SHOP_CURRENCY: 'USD',
        SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN,
        SHOPBEACON_ADMIN_KEY: ADMIN_KEY,
      };
      const run = await backfill(['shopify', '--shop', shop.url, '--only', 'orders', '--via', h.url], env);
      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.match(run.stdout, /orders: read 3, delivered 3, invalid 0/);
      await until(() => h.mock.records('orders').length === 3, 'the three orders');
      assert.ok(
        stringifyBody(h.mock.records('orders')).includes('"order_id":820982911946154510,'),
        'the last id, exact',
      );
      const accepted = h.relay.shopbeacon.feed.since().filter((e) => e.state === 'accepted' && e.kind === 'order');
      assert.ok(
        accepted.length === 3 && accepted.every((e) => e.source === 'backfill' && e.platform === 'shopify'),
        'the debugger names the way in: the Shopify backfill',
      );
    } finally {
      await h.close();
      await shop.close();
    }
  });
});
