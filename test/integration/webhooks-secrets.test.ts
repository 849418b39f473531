import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { postShopifyWebhook, postWebhook } from '../helpers/webhook-post.js';
import { freshFixture, sign } from '../helpers/platform-fixtures.js';
import { relayForSuite, startRelay, type Harness } from '../helpers/relay-harness.js';

const WOO_SECRET = 'wc-secret-5b1d7e';
const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';

const shopify = (h: Harness, topic: string, body: string, extra: Record<string, string> = {}) =>
  postShopifyWebhook(h.url, topic, body, SHOPIFY_SECRET, extra);

describe("POST /webhooks/shopify with two signing secrets (the app's and the store's, during a move)", () => {
  const STORE_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const h = relayForSuite({
    config: {
      shopifySecret: `${SHOPIFY_SECRET},${STORE_SECRET}`,
      shopCurrency: 'EUR',
      shopUrl: 'https://snowdevil.example',
    },
  });

  it('takes a delivery signed with either secret and refuses one signed with neither', async () => {
    const order = (id: string) => freshFixture('shopify/order-paid.json').replace('820982911946154508', id);
    const byApp = await shopify(h, 'orders/updated', order('820982911946154601'));
    const byStore = await shopify(h, 'orders/updated', order('820982911946154602'), {
      'x-shopify-hmac-sha256': sign(order('820982911946154602'), STORE_SECRET),
    });
    const byNeither = await shopify(h, 'orders/updated', order('820982911946154603'), {
      'x-shopify-hmac-sha256': sign(order('820982911946154603'), 'not-a-secret-of-this-shop'),
    });
    assert.deepEqual([byApp.status, byStore.status, byNeither.status], [200, 200, 401]);
  });
});

describe('the webhook endpoints without their secrets', () => {
  it('do not exist (404)', async () => {
    const h = await startRelay();
    try {
      assert.equal((await postWebhook(`${h.url}/webhooks/woocommerce`, '{}', {})).status, 404);
      assert.equal((await postWebhook(`${h.url}/webhooks/shopify`, '{}', {})).status, 404);
    } finally {
      await h.close();
    }
  });
});

describe('shopbeacon relay with a webhook secret', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['bin/shopbeacon.js', 'relay', '--port', '0'], {
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, SHOPBEACON_BASE_URL: 'http://127.0.0.1:9', SHOPBEACON_TOKEN: 't', ...env },
    });

  it('refuses to start without SHOPBEACON_SHOP_CURRENCY, naming it, and without the shop URL for Shopify', () => {
    const woo = start({ SHOPBEACON_WOOCOMMERCE_SECRET: WOO_SECRET });
    assert.equal(woo.status, 1);
    assert.match(
      woo.stderr,
      /SHOPBEACON_SHOP_CURRENCY \(--shop-currency\) is required when SHOPBEACON_WOOCOMMERCE_SECRET is set/,
    );
    const shop = start({ SHOPBEACON_SHOPIFY_SECRET: SHOPIFY_SECRET, SHOPBEACON_SHOP_CURRENCY: 'USD' });
    assert.equal(shop.status, 1);
    assert.match(shop.stderr, /SHOPBEACON_SHOP_URL \(--shop-url\) is required when SHOPBEACON_SHOPIFY_SECRET is set/);
    assert.doesNotMatch(woo.stderr + shop.stderr, /at .*\.js:\d+/);
    assert.equal(
      (woo.stderr + shop.stderr).includes(WOO_SECRET) || (woo.stderr + shop.stderr).includes(SHOPIFY_SECRET),
      false,
    );
  });
});
