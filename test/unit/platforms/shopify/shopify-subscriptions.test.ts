import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectOptions } from '../../../../relay/platforms/connect-report.js';
import type { OwnedWebhooks } from '../../../../relay/platforms/connector.js';
import { PlatformApiError } from '../../../../relay/platforms/platform-api-error.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { ShopifyGraphql } from '../../../../relay/platforms/shopify/shopify-graphql.js';
import { SHOPIFY_API_VERSION } from '../../../../relay/platforms/shopify/shopify-settings.js';
import {
  connectShopify,
  resubscribeMissing,
  type ShopifyPath,
} from '../../../../relay/platforms/shopify/shopify-subscriptions.js';
import { fixedToken } from '../../../../relay/platforms/shopify/shopify-token.js';
import { SqlitePlatformState } from '../../../../relay/platform-state/sqlite-platform-state.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../../../connectors/shopify/graphql-records.js';
import { SHOPIFY_TOKEN, ShopifyGraphqlStandIn } from '../../../connectors/shopify/standin.js';

const PUBLIC = 'https://shop.example/sb';
const URI = 'https://shop.example/sb/webhooks/shopify';

/** Every topic the relay takes, as GraphQL names them. */
const TOPICS = [
  ...['CREATE', 'UPDATED', 'PAID', 'CANCELLED', 'FULFILLED', 'PARTIALLY_FULFILLED'].map((event) => `ORDERS_${event}`),
  ...['PRODUCTS_CREATE', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED'],
];

/** The GraphQL Admin API of `shop` at the pinned version, with a legacy app's token, waiting for nothing. */
const graphqlOf = (url: string) =>
  new ShopifyGraphql(
    new PlatformClient({ platform: 'Shopify', wait: async () => undefined }),
    { shop: url, token: fixedToken(SHOPIFY_TOKEN), apiVersion: SHOPIFY_API_VERSION },
    async () => undefined,
  );

/** Shopify's GraphQL Admin API on loopback, closed after the test. */
async function shopifyShop(t: TestContext): Promise<ShopifyGraphqlStandIn> {
  const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
  t.after(() => shop.close());
  return shop;
}

/** The webhooks this relay owns, in a real platforms.sqlite of the test's own, as the sync keeps them. */
function ownedIn(t: TestContext): OwnedWebhooks & { state: SqlitePlatformState } {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-shopify-subscriptions-'));
  const state = new SqlitePlatformState(dataDir);
  t.after(() => {
    state.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    state,
    recall: async () => state.recall('webhooks:shopify'),
    remember: async (webhooks) => state.remember('webhooks:shopify', webhooks),
  };
}

/** `connect shopify` for snowdevil.myshopify.com at `shop`, with `--public-url` set unless `options` say otherwise. */
const connect = (shop: { url: string }, options: Partial<ConnectOptions> = {}, path: ShopifyPath = 'admin token') =>
  connectShopify(graphqlOf(shop.url), 'snowdevil.myshopify.com', path, {
    publicUrl: PUBLIC,
    secret: undefined,
    dryRun: false,
    ...options,
  });

const subscribeCalls = (shop: ShopifyGraphqlStandIn) => shop.operations.filter((o) => o === 'ShopbeaconSubscribe');

describe('connectShopify(graphql, shop, path, options)', () => {
  it('refuses to connect without --public-url, saying what the address is for, before asking Shopify anything', async (t) => {
    const shop = await shopifyShop(t);
    await assert.rejects(connect(shop, { publicUrl: undefined }), {
      message: '--public-url is required: the address Shopify reaches the relay at, e.g. https://sb.shop.example',
    });
    assert.deepEqual(shop.served, []);
  });

  it('creates a subscription per topic the relay takes at <public URL>/webhooks/shopify (no slash doubled), and only keeps them when run again', async (t) => {
    const shop = await shopifyShop(t);
    const options = { publicUrl: `${PUBLIC}//` };
    const report = await connect(shop, options);
    assert.equal(report.ok, true);
    assert.deepEqual(
      shop.subscriptions.map((s) => [s.topic, s.uri]),
      TOPICS.map((topic) => [topic, URI]),
    );
    assert.deepEqual(report.steps, [
      "path: a legacy custom app's Admin API token (apps made in the Shopify admin before 2026)",
      ...TOPICS.map((topic) => `created ${topic} → ${URI}`),
    ]);
    assert.deepEqual(report.env, [
      "SHOPBEACON_SHOPIFY_SECRET=<the app's API secret key: Shopify signs these webhooks with it>",
      'SHOPBEACON_SHOPIFY_ADMIN_TOKEN=… (as set)',
      'SHOPBEACON_SHOPIFY_SHOP=snowdevil.myshopify.com',
      `SHOPBEACON_PUBLIC_URL=${PUBLIC}//`,
    ]);
    const again = await connect(shop, options);
    assert.equal(shop.subscriptions.length, 10, 'nothing created twice');
    assert.deepEqual(
      again.steps.slice(1),
      TOPICS.map((topic) => `kept ${topic} → ${URI}`),
    );
  });

  it('with --dry-run says what it would create and keep, reading every page of subscriptions, and creates nothing', async (t) => {
    const shop = await shopifyShop(t);
    // A hundred of other apps' addresses first: the relay's own are on the second page.
    for (let i = 0; i < 100; i += 1)
      shop.subscriptions.push({
        id: `gid://shopify/WebhookSubscription/${900 + i}`,
        topic: 'ORDERS_PAID',
        uri: `https://other.example/${i}`,
      });
    shop.subscriptions.push({ id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_CREATE', uri: `${URI}/` });
    shop.subscriptions.push({ id: 'gid://shopify/WebhookSubscription/2', topic: 'PRODUCTS_UPDATE', uri: URI });
    const report = await connect(shop, { dryRun: true }, 'client credentials');
    assert.deepEqual(
      report.steps.slice(1),
      TOPICS.map((topic) =>
        ['ORDERS_CREATE', 'PRODUCTS_UPDATE'].includes(topic)
          ? `would keep ${topic} → ${URI}`
          : `would create ${topic} → ${URI}`,
      ),
    );
    assert.equal(
      report.steps[0],
      "path: a Dev Dashboard app's client credentials (the relay mints its Admin API token and renews it every 24 hours)",
    );
    assert.deepEqual(report.env.slice(0, 2), [
      'SHOPBEACON_SHOPIFY_CLIENT_ID=… (as set)',
      "SHOPBEACON_SHOPIFY_SECRET=… (as set: the app's client secret, which also signs these webhooks)",
    ]);
    assert.deepEqual(subscribeCalls(shop), []);
    assert.equal(shop.subscriptions.length, 102);
  });

  it('names each access scope missing, taking a write_ scope for its read_, and asks nothing more; notes a history cut at 60 days', async (t) => {
    const shop = await shopifyShop(t);
    shop.scopes = ['write_orders'];
    const report = await connect(shop);
    assert.deepEqual(report, {
      steps: [
        "path: a legacy custom app's Admin API token (apps made in the Shopify admin before 2026)",
        "missing: the read_products access scope (the app's Admin API configuration)",
      ],
      env: [],
      ok: false,
    });
    assert.deepEqual(
      [...new Set(shop.operations)],
      ['ShopbeaconAccessScopes'],
      'neither the customer data nor the subscriptions were asked for',
    );
    shop.scopes = ['read_orders', 'read_products'];
    const noHistory = await connect(shop);
    assert.equal(noHistory.ok, true);
    assert.equal(
      noHistory.steps.at(-1),
      'note: without the read_all_orders scope Shopify shows only the last 60 days of orders, so the history stops there',
    );
  });

  it('names the protected customer data Shopify withholds, and creates no subscription', async (t) => {
    const shop = await shopifyShop(t);
    shop.withholdCustomerData = true;
    const report = await connect(shop);
    assert.equal(report.ok, false);
    assert.equal(report.steps.length, 2);
    assert.match(
      String(report.steps[1]),
      /^missing: Shopify withheld billingAddress, customer, email, phone on 1 record\(s\): .*request name, email, phone and address\)$/,
    );
    assert.deepEqual(report.env, []);
    assert.equal(shop.subscriptions.length, 0);
    assert.equal(shop.operations.includes('ShopbeaconSubscriptions'), false);
  });

  it("stops with Shopify's own words, naming the topic, when it does not create a subscription", async (t) => {
    // Shopify answers such a refusal 200, with the reason in `userErrors` (webhookSubscriptionCreate).
    // Each answer holds every field the relay asks for: it reads only its own.
    const shop = await new StandIn((_req, _url, res) =>
      json(res, 200, {
        data: {
          currentAppInstallation: { accessScopes: [{ handle: 'read_orders' }, { handle: 'read_products' }] },
          orders: { nodes: [] },
          webhookSubscriptions: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
          webhookSubscriptionCreate: {
            webhookSubscription: null,
            userErrors: [
              {
                field: ['webhookSubscription', 'callbackUrl'],
                message: 'Address for this topic has already been taken',
              },
            ],
          },
        },
      }),
    ).start();
    t.after(() => shop.close());
    const error = await connect(shop).then(
      () => assert.fail('connected'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformApiError, String(error));
    assert.equal(
      error.message,
      'Shopify did not create the ORDERS_CREATE subscription: Address for this topic has already been taken',
    );
  });
});

describe('resubscribeMissing(graphql, publicUrl, owned)', () => {
  it('makes again only the subscriptions Shopify deleted that the relay has seen as its own at its address, and remembers the new ids', async (t) => {
    const shop = await shopifyShop(t);
    const owned = ownedIn(t);
    await connect(shop);
    shop.subscriptions.push({
      id: 'gid://shopify/WebhookSubscription/77',
      topic: 'ORDERS_PAID',
      uri: 'https://old.example/webhooks/shopify',
    });
    assert.equal(await resubscribeMissing(graphqlOf(shop.url), PUBLIC, owned), 0, 'all there: nothing made');
    assert.equal(owned.state.recall('webhooks:shopify').size, 10, "only the relay's address is remembered");
    assert.equal(
      owned.state.recall('webhooks:shopify').get(`ORDERS_PAID ${URI}`),
      shop.subscriptions.find((s) => s.topic === 'ORDERS_PAID' && s.uri === URI)?.id,
    );
    // Shopify deletes a subscription after 8 failed tries over 4 hours.
    const deleted = ['ORDERS_PAID', 'APP_UNINSTALLED'];
    const kept = shop.subscriptions.filter((s) => !deleted.includes(s.topic) || s.uri !== URI);
    shop.subscriptions.splice(0, Infinity, ...kept);
    assert.equal(await resubscribeMissing(graphqlOf(shop.url), PUBLIC, owned), 2);
    const made = shop.subscriptions.slice(-2);
    assert.deepEqual(
      made.map((s) => [s.topic, s.uri]),
      deleted.map((topic) => [topic, URI]),
    );
    assert.deepEqual(
      deleted.map((topic) => owned.state.recall('webhooks:shopify').get(`${topic} ${URI}`)),
      made.map((s) => s.id),
    );
  });

  it('makes nothing for a shop whose subscriptions the relay never saw as its own, nor at an address it no longer has', async (t) => {
    const shop = await shopifyShop(t);
    const owned = ownedIn(t);
    await owned.remember(
      new Map([['ORDERS_CREATE https://old.example/webhooks/shopify', 'gid://shopify/WebhookSubscription/5']]),
    );
    assert.equal(await resubscribeMissing(graphqlOf(shop.url), PUBLIC, owned), 0);
    assert.deepEqual(shop.subscriptions, []);
    assert.deepEqual(subscribeCalls(shop), []);
  });
});
