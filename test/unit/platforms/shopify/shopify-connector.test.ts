import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiContext, OwnedWebhooks } from '../../../../relay/platforms/connector.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { SHOPIFY_CONNECTOR } from '../../../../relay/platforms/shopify/shopify-connector.js';
import { parseExactJson } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../../../connectors/shopify/graphql-records.js';
import {
  SHOPIFY_CLIENT_ID,
  SHOPIFY_CLIENT_SECRET,
  SHOPIFY_TOKEN,
  ShopifyGraphqlStandIn,
} from '../../../connectors/shopify/standin.js';

const PUBLIC = 'https://shop.example/sb';
const catalog = { currency: 'USD', shopUrl: 'https://shop.example' };

/** Shopify's GraphQL Admin API on loopback, closed after the test. */
async function shopifyShop(t: TestContext): Promise<ShopifyGraphqlStandIn> {
  const shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
  t.after(() => shop.close());
  return shop;
}

/** What `openApi` and `connect` are given: these settings, the catalog, and a client that waits for nothing. */
const contextOf = (values: ApiContext['values'], publicUrl?: string): ApiContext => ({
  values,
  catalog,
  client: new PlatformClient({ platform: 'Shopify', wait: async () => undefined }),
  ...(publicUrl ? { publicUrl } : {}),
});

/** The webhooks the relay owns, in memory (the sync keeps them in its platform state). */
function ownedWebhooks(entries: [string, string][] = []): OwnedWebhooks {
  const owned = new Map(entries);
  return {
    recall: async () => new Map(owned),
    remember: async (webhooks) => webhooks.forEach((id, key) => owned.set(key, id)),
  };
}

const connectOptions = { publicUrl: PUBLIC, secret: undefined, dryRun: true };

describe('SHOPIFY_CONNECTOR', () => {
  it("mints its token with the client id and the first secret listed (the app's client secret), and says it takes that path", async (t) => {
    const shop = await shopifyShop(t);
    const values = {
      shopifyShop: shop.url,
      shopifyClientId: SHOPIFY_CLIENT_ID,
      shopifySecret: `${SHOPIFY_CLIENT_SECRET}, shpss_store_secret_of_old_webhooks`,
    };
    assert.equal(await SHOPIFY_CONNECTOR.openApi(contextOf(values)).shopCurrency?.(), 'EUR');
    assert.equal(shop.minted.size, 1, 'one grant, which the stand-in took');
    const report = await SHOPIFY_CONNECTOR.connect(contextOf(values), connectOptions);
    assert.match(String(report.steps[0]), /^path: a Dev Dashboard app's client credentials/);
  });

  it("uses a legacy app's admin token when one is set, minting none, and says it takes that path", async (t) => {
    const shop = await shopifyShop(t);
    const values = {
      shopifyShop: shop.url,
      shopifyAdminToken: SHOPIFY_TOKEN,
      shopifyClientId: SHOPIFY_CLIENT_ID,
      shopifySecret: 'shpss_not_the_client_secret',
    };
    assert.equal(await SHOPIFY_CONNECTOR.openApi(contextOf(values)).shopCurrency?.(), 'EUR');
    assert.equal(shop.minted.size, 0);
    assert.ok(!shop.served.some((s) => s.path === '/admin/oauth/access_token'));
    const report = await SHOPIFY_CONNECTOR.connect(contextOf(values), connectOptions);
    assert.match(String(report.steps[0]), /^path: a legacy custom app's Admin API token/);
  });

  it('asks for the Admin API version set, else the pinned one, and notes once that Shopify answered with another', async (t) => {
    const shop = await shopifyShop(t);
    const pinned = SHOPIFY_CONNECTOR.openApi(contextOf({ shopifyShop: shop.url, shopifyAdminToken: SHOPIFY_TOKEN }));
    await pinned.shopCurrency?.();
    assert.equal(shop.served.at(-1)?.path, '/admin/api/2026-10/graphql.json');
    assert.deepEqual(pinned.notes?.(), []);
    const retired = SHOPIFY_CONNECTOR.openApi(
      contextOf({ shopifyShop: shop.url, shopifyAdminToken: SHOPIFY_TOKEN, shopifyApiVersion: '2025-01' }),
    );
    await retired.shopCurrency?.();
    assert.equal(shop.served.at(-1)?.path, '/admin/api/2025-01/graphql.json');
    assert.deepEqual(retired.notes?.(), [
      'Shopify answered with Admin API version 2026-01, not 2025-01 as asked (retired or unknown): set SHOPBEACON_SHOPIFY_API_VERSION to a supported version and check the mapping against it',
    ]);
    assert.deepEqual(retired.notes?.(), [], 'said once');
  });

  it('makes deleted subscriptions again only with a public URL, and otherwise says why not', async (t) => {
    const shop = await shopifyShop(t);
    const values = { shopifyShop: shop.url, shopifyAdminToken: SHOPIFY_TOKEN };
    const off = SHOPIFY_CONNECTOR.openApi(contextOf(values));
    assert.equal(off.repairWebhooks, undefined);
    assert.equal(
      off.webhookRepairOff,
      'SHOPBEACON_PUBLIC_URL is not set: subscriptions Shopify deleted are not created again',
    );
    const on = SHOPIFY_CONNECTOR.openApi(contextOf(values, PUBLIC));
    assert.equal(on.webhookRepairOff, undefined);
    const repaired = await on.repairWebhooks?.(
      ownedWebhooks([[`ORDERS_PAID ${PUBLIC}/webhooks/shopify`, 'gid://shopify/WebhookSubscription/3']]),
    );
    assert.equal(repaired, 1);
    assert.deepEqual(shop.subscriptions, [
      { id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_PAID', uri: `${PUBLIC}/webhooks/shopify` },
    ]);
  });

  it("maps with the catalog it was opened with, and names the store's own domain as the storefront products link to", () => {
    const api = SHOPIFY_CONNECTOR.openApi(
      contextOf({ shopifyShop: 'snowdevil.myshopify.com', shopifyAdminToken: SHOPIFY_TOKEN }),
    );
    const mapped = api.map('product', parseExactJson(fixtureText('shopify/product.json')));
    assert.ok('body' in mapped, 'a record');
    assert.equal(mapped.body['link'], 'https://shop.example/products/example-t-shirt');
    assert.equal(mapped.body['currency'], 'USD');
    assert.equal(
      SHOPIFY_CONNECTOR.shopUrl?.({ shopifyShop: 'snowdevil.myshopify.com' }),
      'https://snowdevil.myshopify.com',
    );
  });

  it("takes webhooks from the store its settings name, and from any store when the setting is a stand-in's URL", () => {
    const shopOf = SHOPIFY_CONNECTOR.webhook?.shopOf;
    assert.ok(shopOf);
    assert.equal(shopOf({ shopifyShop: 'snowdevil.myshopify.com' }), 'snowdevil.myshopify.com');
    assert.equal(shopOf({ shopifyShop: 'http://127.0.0.1:8123' }), undefined);
    assert.equal(shopOf({}), undefined);
  });
});
