// Shopify's webhooks beyond orders and products: a product deleted, the app uninstalled, and the
// store a delivery names (X-Shopify-Shop-Domain), which an app's client secret does not tell apart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { postShopifyWebhook } from '../helpers/webhook-post.js';
import { freshFixture } from '../helpers/platform-fixtures.js';
import { ADMIN_KEY, relayForSuite, until, type Harness } from '../helpers/relay-harness.js';

const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';
const shopify = (h: Harness, topic: string, body: string, extra: Record<string, string> = {}) =>
  postShopifyWebhook(h.url, topic, body, SHOPIFY_SECRET, extra);

describe('POST /webhooks/shopify for a relay that names its store (SHOPBEACON_SHOPIFY_SHOP)', () => {
  const h = relayForSuite({
    config: {
      shopifySecret: SHOPIFY_SECRET,
      shopifyShop: 'snowdevil.myshopify.com',
      shopifyAdminToken: 'shpat_0123456789abcdef0123456789abcdef',
      syncIntervalMs: '0',
      shopCurrency: 'EUR',
    },
  });

  it("refuses with 403 a delivery signed with the app's secret but naming another store, and takes its own store's", async () => {
    const body = freshFixture('shopify/order-paid.json');
    const foreign = await shopify(h, 'orders/paid', body, {
      'x-shopify-shop-domain': 'other-store.myshopify.com',
      'x-shopify-webhook-id': 'foreign-1',
    });
    assert.equal(foreign.status, 403);
    assert.match(
      String(foreign.body['message']),
      /x-shopify-shop-domain must name snowdevil\.myshopify\.com \(SHOPBEACON_SHOPIFY_SHOP\); this delivery names other-store\.myshopify\.com/,
    );
    const own = await shopify(h, 'orders/paid', body, { 'x-shopify-webhook-id': 'own-1' });
    assert.equal(own.status, 200);
    assert.equal(own.body['status'], 'queued');
  });
});

describe('POST /webhooks/shopify: a product deleted, the app uninstalled', () => {
  const h = relayForSuite({
    config: { shopifySecret: SHOPIFY_SECRET, shopCurrency: 'EUR', shopUrl: 'https://snowdevil.example' },
  });

  it("tells the merchant of a product deleted in the shop after it was sent, and says on /readyz that Shopify ended the relay's access", async () => {
    const product = freshFixture('shopify/product.json').replace('788032119674292922', '788032119674292977');
    assert.equal(
      (await shopify(h, 'products/update', product, { 'x-shopify-webhook-id': 'delivery-of-product-977' })).body[
        'status'
      ],
      'queued',
    );
    const stats = async () =>
      (await (await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
        withdrawnProducts: { platform: string; productId: string; reason: string }[];
      };
    // The delivered digest is written on the loop turn after the delivery: the deletion is news from then on.
    await until(async () => {
      const answer = await shopify(h, 'products/delete', '{"id":788032119674292977}');
      return (
        answer.body['skipped'] === 'product 788032119674292977 deleted in the shop' &&
        (await stats()).withdrawnProducts.some((w) => w.productId === '788032119674292977')
      );
    }, 'the deletion noticed');
    assert.deepEqual(
      (await stats()).withdrawnProducts
        .filter((w) => w.productId === '788032119674292977')
        .map((w) => [w.platform, w.reason]),
      [['shopify', 'deleted in the shop']],
    );
    const ready = async () =>
      (await (await fetch(`${h.url}/readyz`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
        status: string;
        reasons?: string[];
      };
    assert.equal(
      (await shopify(h, 'app/uninstalled', '{"id":548380009,"domain":"snowdevil.myshopify.com"}')).status,
      200,
    );
    const after = await ready();
    assert.equal(after.status, 'degraded', 'the browser and the other platforms still flow');
    assert.match(
      after.reasons?.join(' | ') ?? '',
      /Shopify \(\d{4}-.*\): the app was uninstalled from the store: .*run `shopbeacon connect shopify`/,
    );
    assert.equal(
      (await shopify(h, 'products/update', product, { 'x-shopify-webhook-id': 'delivery-after-reinstall' })).status,
      200,
    );
    assert.equal((await ready()).status, 'ready', 'a delivery signed again: the app is back');
  });
});
