import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { errorHandler, notFound } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { createPark } from '../../../relay/pipeline/park.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import { WebhookHealth } from '../../../relay/webhooks/webhook-health.js';
import { addWebhookRoutes, type WebhookSettings } from '../../../relay/webhooks/webhook-routes.js';
import { memoryParkState } from '../../helpers/memory-park-state.js';
import { freshFixture, sign } from '../../helpers/platform-fixtures.js';
import { postShopifyWebhook, postWebhook } from '../../helpers/webhook-post.js';

const WOO_SECRET = 'wc-secret-5b1d7e';
const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';
const PRODUCT = freshFixture('shopify/product.json');

/**
 * `addWebhookRoutes` over `settings` on a real Koa server, as the relay mounts it (unknown paths
 * 404 as JSON); the records it stores are kept in memory, the outbox's seam.
 */
async function mounted(t: TestContext, settings: Partial<WebhookSettings>) {
  const stored: OutboxRecord[] = [];
  const events = new RecordEvents();
  const accept = createAccept({
    enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
    events,
    onEnqueued: () => undefined,
  });
  const park = createPark({
    outbox: { enqueueDead: async () => undefined },
    events,
    logger: { warn: () => undefined },
    state: memoryParkState(),
  });
  const router = new Router();
  const config = { shopCurrency: 'CHF', shopUrl: undefined, ...settings };
  addWebhookRoutes(router, config, {
    accept,
    park,
    events,
    logger: createLogger('silent'),
    health: new WebhookHealth(),
  });
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  const woo = (body: string, secret: string) =>
    postWebhook(`${url}/webhooks/woocommerce`, body, {
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-signature': sign(body, secret),
    });
  const shopify = (secret: string, extra: Record<string, string> = {}) =>
    postShopifyWebhook(url, 'products/update', PRODUCT, secret, extra);
  return {
    url,
    stored,
    woo,
    shopify,
    routes: router.stack.map((layer) => `${layer.methods.at(-1)} ${layer.path}`),
  };
}

describe('addWebhookRoutes (relay/webhooks/webhook-routes.ts) on a real Koa server', () => {
  it('mounts no webhook route for a platform whose secret is unset or empty, and none ever for PrestaShop', async (t) => {
    const relay = await mounted(t, { woocommerceSecret: '', shopifySecret: undefined, prestashopKey: 'a-key' });
    assert.deepEqual(relay.routes, []);
    for (const platform of ['woocommerce', 'shopify', 'prestashop']) {
      const answer = await postWebhook(`${relay.url}/webhooks/${platform}`, '{}', {});
      assert.deepEqual(answer, {
        status: 404,
        body: { error: 'not_found', message: `no route for POST /webhooks/${platform}` },
      });
    }
  });

  it("takes each platform's deliveries signed with its own secret alone, the other platform's secret refused", async (t) => {
    const relay = await mounted(t, {
      woocommerceSecret: WOO_SECRET,
      shopifySecret: SHOPIFY_SECRET,
      shopUrl: 'https://shop.example',
    });
    assert.deepEqual(relay.routes.sort(), ['POST /webhooks/shopify', 'POST /webhooks/woocommerce']);
    const order = freshFixture('woocommerce/order-variation.json');
    assert.deepEqual(
      [(await relay.woo(order, SHOPIFY_SECRET)).status, (await relay.shopify(WOO_SECRET)).status],
      [401, 401],
    );
    assert.equal(relay.stored.length, 0);
    const [taken, product] = [await relay.woo(order, WOO_SECRET), await relay.shopify(SHOPIFY_SECRET)];
    assert.deepEqual([taken.status, product.status], [200, 200], JSON.stringify([taken.body, product.body]));
    const orderId = String((JSON.parse(order) as { id: number }).id);
    assert.deepEqual(
      relay.stored.map((r) => [r.kind, r.key]),
      [
        ['order', orderId],
        ['product', '788032119674292922'],
      ],
    );
  });

  it('mounts only the platform whose secret is set', async (t) => {
    const relay = await mounted(t, { woocommerceSecret: WOO_SECRET });
    assert.deepEqual(relay.routes, ['POST /webhooks/woocommerce']);
    assert.equal((await relay.shopify(SHOPIFY_SECRET)).status, 404);
  });

  it("prices products in the catalog's currency and links them to the storefront SHOPBEACON_SHOP_URL names", async (t) => {
    const relay = await mounted(t, {
      shopifySecret: SHOPIFY_SECRET,
      shopUrl: 'https://shop.example/',
      shopifyShop: 'snowdevil.myshopify.com',
      shopifyAdminToken: 'shpat_0123456789',
    });
    assert.deepEqual(await relay.shopify(SHOPIFY_SECRET), { status: 200, body: { ok: true, status: 'queued' } });
    assert.deepEqual(
      [relay.stored[0]?.body['currency'], relay.stored[0]?.body['link']],
      ['CHF', 'https://shop.example/products/example-t-shirt'],
    );
  });

  it("without a shop URL, links Shopify's products to the store its API settings name", async (t) => {
    const api = await mounted(t, {
      shopifySecret: SHOPIFY_SECRET,
      shopifyShop: 'snowdevil.myshopify.com',
      shopifyAdminToken: 'shpat_0123456789',
    });
    assert.equal((await api.shopify(SHOPIFY_SECRET)).status, 200);
    assert.equal(api.stored.length, 1);
    assert.equal(api.stored[0]?.body['link'], 'https://snowdevil.myshopify.com/products/example-t-shirt');
  });

  it('refuses with 403 a signed Shopify delivery naming another store than SHOPBEACON_SHOPIFY_SHOP, storing nothing', async (t) => {
    const relay = await mounted(t, {
      shopifySecret: SHOPIFY_SECRET,
      shopifyShop: 'snowdevil.myshopify.com',
      shopifyAdminToken: 'shpat_0123456789',
    });
    const other = await relay.shopify(SHOPIFY_SECRET, { 'x-shopify-shop-domain': 'other-store.myshopify.com' });
    assert.deepEqual(other, {
      status: 403,
      body: {
        error: 'other_shop',
        message:
          'x-shopify-shop-domain must name snowdevil.myshopify.com (SHOPBEACON_SHOPIFY_SHOP); this delivery names other-store.myshopify.com',
      },
    });
    assert.equal(relay.stored.length, 0);
    assert.equal((await relay.shopify(SHOPIFY_SECRET)).status, 200);
    assert.equal(relay.stored.length, 1, 'a delivery from its own store is taken');
  });

  it("checks no store when SHOPBEACON_SHOPIFY_SHOP is a stand-in's URL, and links products to that URL", async (t) => {
    const relay = await mounted(t, {
      shopifySecret: SHOPIFY_SECRET,
      shopifyShop: 'http://127.0.0.1:8443/',
      shopifyAdminToken: 'shpat_0123456789',
    });
    const answer = await relay.shopify(SHOPIFY_SECRET, { 'x-shopify-shop-domain': 'any-store.myshopify.com' });
    assert.deepEqual(answer, { status: 200, body: { ok: true, status: 'queued' } });
    assert.equal(relay.stored[0]?.body['link'], 'http://127.0.0.1:8443/products/example-t-shirt');
  });
});
