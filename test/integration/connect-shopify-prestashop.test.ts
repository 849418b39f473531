import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run.js';
import { type StandIn } from '../helpers/platform-standins.js';
import {
  PRESTASHOP_KEY,
  PRESTASHOP_LIMITED_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from '../connectors/prestashop/standin.js';
import {
  SHOPIFY_CLIENT_ID,
  SHOPIFY_CLIENT_SECRET,
  SHOPIFY_TOKEN,
  ShopifyGraphqlStandIn,
} from '../connectors/shopify/standin.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../connectors/shopify/graphql-records.js';

/** `shopbeacon connect …` as a real process (the stand-ins answer from this one). */
const connect = (args: string[], env: Record<string, string>) => runCli(['connect', ...args], env);

const PUBLIC = 'https://shop.example/sb';

describe('shopbeacon connect shopify', () => {
  it('creates the ten subscriptions through GraphQL (orders, products, a product deleted, the app uninstalled), once', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    try {
      const env = { SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN };
      const run = await connect(['shopify', '--shop', shop.url, '--public-url', PUBLIC], env);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(shop.subscriptions.map((s) => s.topic).sort(), [
        'APP_UNINSTALLED',
        'ORDERS_CANCELLED',
        'ORDERS_CREATE',
        'ORDERS_FULFILLED',
        'ORDERS_PAID',
        'ORDERS_PARTIALLY_FULFILLED',
        'ORDERS_UPDATED',
        'PRODUCTS_CREATE',
        'PRODUCTS_DELETE',
        'PRODUCTS_UPDATE',
      ]);
      assert.ok(shop.subscriptions.every((s) => s.uri === `${PUBLIC}/webhooks/shopify`));
      const again = await connect(['shopify', '--shop', shop.url, '--public-url', PUBLIC], env);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(shop.subscriptions.length, 10);
      assert.equal((again.stdout.match(/^kept /gm) ?? []).length, 10);
      assert.match(again.stdout, /^path: a legacy custom app's Admin API token/m);
      assert.match(again.stdout, /SHOPBEACON_SHOPIFY_SECRET=<the app's API secret key/);
    } finally {
      await shop.close();
    }
  });

  it("mints its token with a Dev Dashboard app's client id and secret, says which path it is on, and never prints either secret", async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    try {
      const run = await connect(
        ['shopify', '--shop', shop.url, '--client-id', SHOPIFY_CLIENT_ID, '--public-url', PUBLIC],
        {
          SHOPBEACON_SHOPIFY_SECRET: SHOPIFY_CLIENT_SECRET,
        },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^path: a Dev Dashboard app's client credentials/m);
      assert.equal(shop.subscriptions.length, 10);
      assert.equal(shop.minted.size, 1);
      assert.ok(
        ![...shop.minted.keys(), SHOPIFY_CLIENT_SECRET].some(
          (secret) => run.stdout.includes(secret) || run.stderr.includes(secret),
        ),
      );
    } finally {
      await shop.close();
    }
  });

  it('names the protected customer data Shopify withholds, creates nothing and exits 2', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    shop.withholdCustomerData = true;
    try {
      const run = await connect(
        ['shopify', '--shop', shop.url, '--client-id', SHOPIFY_CLIENT_ID, '--public-url', PUBLIC],
        {
          SHOPBEACON_SHOPIFY_SECRET: SHOPIFY_CLIENT_SECRET,
        },
      );
      assert.equal(run.code, 2, run.stderr);
      assert.match(
        run.stdout,
        /^missing: Shopify withheld billingAddress, customer, email, phone on 1 record\(s\): the app lacks access to protected customer data/m,
      );
      assert.equal(shop.subscriptions.length, 0);
    } finally {
      await shop.close();
    }
  });

  it('says what it would create with --dry-run, creates nothing, and notes a token without read_all_orders', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    shop.scopes = ['read_orders', 'read_products'];
    try {
      const run = await connect(['shopify', '--shop', shop.url, '--public-url', PUBLIC, '--dry-run'], {
        SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN,
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal((run.stdout.match(/^would create /gm) ?? []).length, 10);
      assert.equal(shop.subscriptions.length, 0);
      assert.match(
        run.stdout,
        /^note: without the read_all_orders scope Shopify shows only the last 60 days of orders/m,
      );
    } finally {
      await shop.close();
    }
  });

  it('names a missing access scope, creates nothing and exits 2', async () => {
    const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    shop.scopes = ['read_products'];
    try {
      const run = await connect(['shopify', '--shop', shop.url, '--public-url', PUBLIC], {
        SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN,
      });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stdout, /^missing: the read_orders access scope/m);
      assert.equal(shop.subscriptions.length, 0);
    } finally {
      await shop.close();
    }
  });

  it('refuses a --public-url that is not https:// with one line naming the option', async () => {
    const run = await connect(
      ['shopify', '--shop', 'snowdevil.myshopify.com', '--public-url', 'http://shop.example/sb'],
      {
        SHOPBEACON_SHOPIFY_ADMIN_TOKEN: SHOPIFY_TOKEN,
      },
    );
    assert.equal(run.code, 1);
    assert.match(run.stderr, /--public-url.*must be an https:\/\/ URL/);
  });
});

describe('shopbeacon connect prestashop', () => {
  let shop: StandIn;
  before(async () => {
    shop = await prestaShopStandIn(prestaOrders(1), prestaProducts()).start();
  });
  after(() => shop.close());

  it('says the key may read everything the sync needs', async () => {
    const run = await connect(['prestashop', '--url', shop.url], { SHOPBEACON_PRESTASHOP_KEY: PRESTASHOP_KEY });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^the key may read: orders, products, customers, addresses, countries, currencies, order_states, categories, configurations$/m,
    );
  });

  it('names the resources the key may not read, and exits 2', async () => {
    const run = await connect(['prestashop', '--url', shop.url], { SHOPBEACON_PRESTASHOP_KEY: PRESTASHOP_LIMITED_KEY });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /^missing: GET \(View\) on customers/m);
    assert.equal(run.stdout.includes(PRESTASHOP_LIMITED_KEY), false);
  });
});
