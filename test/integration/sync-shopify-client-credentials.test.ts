import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { SHOPIFY_CLIENT_ID, SHOPIFY_CLIENT_SECRET, ShopifyGraphqlStandIn } from '../connectors/shopify/standin.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../connectors/shopify/graphql-records.js';
import { nextSweep, syncStatus } from '../helpers/sync-status.js';

describe('the sync with a client secret Shopify refuses', () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(1), shopifyGraphqlProducts()).start();
    h = await startRelay({
      config: {
        shopifyShop: shop.url,
        shopifyClientId: SHOPIFY_CLIENT_ID,
        shopifySecret: 'shpss_not_the_apps_secret',
        shopCurrency: 'USD',
        syncIntervalMs: '1s',
      },
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('says in one line on /stats what to check, naming the variables and never the secret', async () => {
    await until(async () => ((await syncStatus(h, 'shopify'))?.lastError ?? null) !== null, 'a failed sweep');
    const error = (await syncStatus(h, 'shopify'))?.lastError ?? '';
    assert.match(
      error,
      /^Shopify refused the client credentials \(400 invalid_client Client authentication failed\): check SHOPBEACON_SHOPIFY_CLIENT_ID and that SHOPBEACON_SHOPIFY_SECRET's first value is the app's client secret/,
    );
    assert.ok(!error.includes('shpss_not_the_apps_secret'));
    assert.equal(h.mock.records('orders').length, 0);
  });
});

describe("the sync with a Dev Dashboard app's client id and secret (tokens that expire)", () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  const orders = shopifyGraphqlOrders(12);
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    shop.tokenLifetimeS = 2;
    h = await startRelay({
      config: {
        shopifyShop: shop.url,
        shopifyClientId: SHOPIFY_CLIENT_ID,
        shopifySecret: SHOPIFY_CLIENT_SECRET,
        shopCurrency: 'USD',
        syncIntervalMs: '1s',
      },
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('mints its own token, renews it across several expiries without a failed sweep, and never logs it', async () => {
    await until(() => h.mock.records('orders').length === 12, 'the history');
    const began = Date.now();
    const errors: (string | null | undefined)[] = [];
    while (Date.now() - began < 7_000) {
      await nextSweep(h, 'shopify');
      errors.push((await syncStatus(h, 'shopify'))?.lastError);
    }
    assert.ok(errors.length >= 3, `${errors.length} sweeps`);
    assert.deepEqual(
      errors.filter((e) => e !== null),
      [],
      'no sweep failed',
    );
    assert.ok(shop.minted.size >= 4, `${shop.minted.size} tokens minted over 7 s of 2-second tokens`);
    assert.ok(
      h.logs.every((line) => !line.includes('shpat_minted') && !line.includes(SHOPIFY_CLIENT_SECRET)),
      'neither token nor secret in the log',
    );
  });
});
