import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformApiError } from '../../../../relay/platforms/platform-api-error.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import {
  activateWebhook,
  createWebhook,
  reactivateDisabled,
  relayWebhooks,
  WOO_TOPICS,
  wooEndpoint,
} from '../../../../relay/platforms/woocommerce/woocommerce-webhooks.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import { WOO_KEY, WOO_SECRET } from '../../../connectors/woocommerce/standin.js';
import {
  answerWooWebhooks,
  WOO_READ_KEY,
  WOO_READ_SECRET,
  type WooWebhookRow,
} from '../../../connectors/woocommerce/webhooks-standin.js';

const OURS = 'https://shop.example/sb/webhooks/woocommerce';
const client = () => new PlatformClient({ platform: 'WooCommerce', wait: async () => undefined });

const row = (id: number, status: WooWebhookRow['status'], deliveryUrl: string, topic = 'order.updated') =>
  ({
    id,
    name: `hook ${id}`,
    status,
    topic,
    delivery_url: deliveryUrl,
    secret: 'kept-secret',
    failures: 6,
  }) satisfies WooWebhookRow;

/** WooCommerce's `/wp-json/wc/v3/webhooks` on loopback over `hooks`, with the bodies it was sent. */
async function wooShop(t: TestContext, hooks: WooWebhookRow[], key = WOO_KEY, secret = WOO_SECRET) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const shop = await new StandIn((req, url, res) => {
    if (req.method !== 'GET') {
      let text = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      req.on('end', () => sent.push({ method: String(req.method), path: url.pathname, body: JSON.parse(text) }));
    }
    if (!answerWooWebhooks(hooks, req, url, res)) json(res, 404, { code: 'rest_no_route', message: 'No route' });
  }).start();
  t.after(() => shop.close());
  return { shop, sent, settings: { url: `${shop.url}/`, consumerKey: key, consumerSecret: secret } };
}

describe('wooEndpoint(publicUrl) and WOO_TOPICS', () => {
  it("puts the relay's endpoint under its public base, and takes one webhook per topic of an order or product changed", () => {
    assert.equal(wooEndpoint('https://shop.example/sb//'), OURS);
    assert.deepEqual(WOO_TOPICS, [
      'order.created',
      'order.updated',
      'order.restored',
      'product.created',
      'product.updated',
      'product.restored',
    ]);
  });
});

describe('relayWebhooks(client, settings)', () => {
  it("lists only the relay's webhooks, a delivery URL ending in /webhooks/woocommerce with a slash or not, from every page of 100", async (t) => {
    const others = Array.from({ length: 130 }, (_, i) => row(100 + i, 'active', `https://crm.example/hook/${i}`));
    const hooks = [
      ...others.slice(0, 120),
      row(1, 'disabled', `${OURS}/`),
      ...others.slice(120),
      row(2, 'active', OURS),
    ];
    const { shop, settings } = await wooShop(t, hooks);
    assert.deepEqual(await relayWebhooks(client(), settings), [
      { id: 1, topic: 'order.updated', status: 'disabled', deliveryUrl: `${OURS}/` },
      { id: 2, topic: 'order.updated', status: 'active', deliveryUrl: OURS },
    ]);
    assert.deepEqual(
      shop.served.map((s) => s.path),
      ['/wp-json/wc/v3/webhooks?per_page=100&page=1', '/wp-json/wc/v3/webhooks?per_page=100&page=2'],
    );
  });

  it("reads a real WooCommerce's list as it was asked, another app's webhook in it", async (t) => {
    const shop = await new RecordedShop(
      new URL('../../../connectors/woocommerce/fixtures/recorded/connect-read-only-key.json', import.meta.url).pathname,
    ).start();
    t.after(() => shop.close());
    const settings = { url: shop.url, consumerKey: WOO_READ_KEY, consumerSecret: WOO_READ_SECRET };
    assert.deepEqual(await relayWebhooks(client(), settings), []);
    assert.deepEqual(shop.unmatched, []);
  });
});

describe('activateWebhook and createWebhook', () => {
  it('creates a webhook active, named for the relay and its topic, and sets one active again with the secret given, or keeping its own', async (t) => {
    const hooks = [row(7, 'disabled', OURS), row(8, 'paused', OURS)];
    const { sent, settings } = await wooShop(t, hooks);
    await createWebhook(client(), settings, 'product.restored', OURS, 'new-secret');
    await activateWebhook(client(), settings, 7, 'new-secret');
    await activateWebhook(client(), settings, 8);
    assert.deepEqual(sent, [
      {
        method: 'POST',
        path: '/wp-json/wc/v3/webhooks',
        body: {
          name: 'shopbeacon product.restored',
          topic: 'product.restored',
          delivery_url: OURS,
          secret: 'new-secret',
          status: 'active',
        },
      },
      { method: 'PUT', path: '/wp-json/wc/v3/webhooks/7', body: { status: 'active', secret: 'new-secret' } },
      { method: 'PUT', path: '/wp-json/wc/v3/webhooks/8', body: { status: 'active' } },
    ]);
    assert.deepEqual(
      hooks.map((h) => [h.id, h.status, h.secret]),
      [
        [7, 'active', 'new-secret'],
        [8, 'active', 'kept-secret'],
        [3, 'active', 'new-secret'],
      ],
    );
  });

  it("stops with WooCommerce's refusal when the key may only read", async (t) => {
    const { settings } = await wooShop(t, [row(7, 'disabled', OURS)], WOO_READ_KEY, WOO_READ_SECRET);
    const error = await activateWebhook(client(), settings, 7).then(
      () => assert.fail('activated'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformApiError && error.refused, String(error));
    assert.match(error.message, /woocommerce_rest_cannot_edit: Sorry, you are not allowed to edit this resource/);
  });
});

describe('reactivateDisabled(client, settings, publicUrl)', () => {
  it("sets active again only the relay's disabled webhooks at its own address, keeping their secret, and says which", async (t) => {
    const hooks = [
      row(1, 'disabled', OURS),
      row(2, 'paused', OURS),
      row(3, 'active', OURS),
      row(4, 'disabled', 'https://old.example/sb/webhooks/woocommerce'),
      row(5, 'disabled', 'https://crm.example/hook'),
      row(6, 'disabled', `${OURS}/`, 'product.updated'),
    ];
    const { sent, settings } = await wooShop(t, hooks);
    assert.deepEqual(await reactivateDisabled(client(), settings, 'https://shop.example/sb/'), [1, 6]);
    assert.deepEqual(
      hooks.map((h) => h.status),
      ['active', 'paused', 'active', 'disabled', 'disabled', 'active'],
    );
    assert.ok(hooks.every((h) => h.secret === 'kept-secret'));
    assert.deepEqual(
      sent.map((s) => s.body),
      [{ status: 'active' }, { status: 'active' }],
    );
  });
});
