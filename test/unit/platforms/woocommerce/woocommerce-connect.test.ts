import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectOptions } from '../../../../relay/platforms/connect-report.js';
import { PlatformApiError } from '../../../../relay/platforms/platform-api-error.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { connectWooCommerce } from '../../../../relay/platforms/woocommerce/woocommerce-connect.js';
import { WOO_TOPICS } from '../../../../relay/platforms/woocommerce/woocommerce-webhooks.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import { WOO_KEY, WOO_SECRET } from '../../../connectors/woocommerce/standin.js';
import {
  answerWooWebhooks,
  WOO_READ_KEY,
  WOO_READ_SECRET,
  type WooWebhookRow,
} from '../../../connectors/woocommerce/webhooks-standin.js';

const client = () => new PlatformClient({ platform: 'WooCommerce', wait: async () => undefined });

/**
 * A WooCommerce shop on loopback whose site also serves the relay under `/sb` (the shipped nginx
 * file's layout, on the shop's own host and port, where WordPress delivers): its webhooks API over
 * `hooks`, and the relay's answer to WooCommerce's ping, `{"ok":true,"ping":true}` unless `relay` says
 * otherwise. What was written to the webhooks API is in `written`.
 */
async function wooSite(
  t: TestContext,
  hooks: WooWebhookRow[],
  relay = { status: 200, body: { ok: true, ping: true } },
) {
  const written: string[] = [];
  const pings: string[] = [];
  const shop = await new StandIn((req, url, res) => {
    if (url.pathname === '/sb/webhooks/woocommerce') {
      let text = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      return void req.on('end', () => {
        pings.push(text);
        json(res, relay.status, relay.body);
      });
    }
    if (req.method !== 'GET') written.push(`${req.method} ${url.pathname}`);
    if (!answerWooWebhooks(hooks, req, url, res)) json(res, 404, { code: 'rest_no_route', message: 'No route' });
  }).start();
  t.after(() => shop.close());
  const publicUrl = `${shop.url}/sb`;
  return {
    shop,
    written,
    pings,
    publicUrl,
    deliveryUrl: `${publicUrl}/webhooks/woocommerce`,
    connect: (options: Partial<ConnectOptions> = {}) =>
      connectWooCommerce(
        client(),
        { url: shop.url, consumerKey: WOO_KEY, consumerSecret: WOO_SECRET },
        { publicUrl, secret: undefined, dryRun: false, ...options },
      ),
  };
}

/** The relay's webhook of `topic`, as connect made it before. */
const ours = (id: number, topic: string, deliveryUrl: string, status: WooWebhookRow['status'] = 'active') =>
  ({
    id,
    name: `shopbeacon ${topic}`,
    status,
    topic,
    delivery_url: deliveryUrl,
    secret: 'secret-the-relay-has',
    failures: 0,
  }) satisfies WooWebhookRow;

describe('connectWooCommerce(client, settings, options)', () => {
  it('refuses without --public-url, or with one WordPress would never deliver to, asking the shop nothing', async (t) => {
    const site = await wooSite(t, []);
    await assert.rejects(site.connect({ publicUrl: undefined }), {
      message: '--public-url is required: the address the shop reaches the relay at, e.g. https://shop.example/sb',
    });
    await assert.rejects(site.connect({ publicUrl: 'http://127.0.0.1:8787/' }), {
      message:
        "--public-url http://127.0.0.1:8787/: WordPress delivers webhooks only to ports 80, 443 and 8080, or the site's own host and port (wp_http_validate_url), not to port 8787: use the address shoppers reach the shop at, with the relay under it (for example https://shop.example/sb behind the shipped nginx file)",
    });
    assert.deepEqual(site.shop.served, []);
  });

  it('creates one active webhook per topic, all signed with one secret it generates and prints', async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks);
    const report = await site.connect();
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.steps,
      WOO_TOPICS.map((topic) => `created ${topic} → ${site.deliveryUrl}`),
    );
    assert.deepEqual(
      hooks.map((h) => [h.topic, h.delivery_url, h.status]),
      WOO_TOPICS.map((topic) => [topic, site.deliveryUrl, 'active']),
    );
    const secret = hooks[0]?.secret ?? '';
    assert.match(secret, /^[\w-]{32}$/);
    assert.ok(
      hooks.every((h) => h.secret === secret),
      'one secret for all',
    );
    assert.deepEqual(report.env, [
      `SHOPBEACON_WOOCOMMERCE_SECRET=${secret}`,
      `SHOPBEACON_WOOCOMMERCE_URL=${site.shop.url}`,
      `SHOPBEACON_PUBLIC_URL=${site.publicUrl}`,
      'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY=… (as set)',
      'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET=… (as set)',
    ]);
    assert.deepEqual(site.pings, ['webhook_id=0'], "the relay was asked as WooCommerce's ping asks it");
  });

  it("keeps the relay's webhooks that exist, setting a disabled one active, and changes no secret when every topic has one", async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks);
    hooks.push(...WOO_TOPICS.map((topic, i) => ours(i + 1, topic, site.deliveryUrl, i === 1 ? 'disabled' : 'active')));
    (hooks[0] as WooWebhookRow).delivery_url = `${site.deliveryUrl}/`;
    const report = await site.connect();
    assert.deepEqual(report.steps.slice(0, 2), [
      `kept order.created → ${site.deliveryUrl} (webhook 1, active, its secret kept)`,
      `kept order.updated → ${site.deliveryUrl} (webhook 2, disabled, set active, its secret kept)`,
    ]);
    assert.equal(report.steps.length, 6);
    assert.ok(hooks.every((h) => h.status === 'active' && h.secret === 'secret-the-relay-has'));
    assert.equal(hooks.length, 6, 'nothing created twice');
    assert.equal(
      report.env[0],
      'SHOPBEACON_WOOCOMMERCE_SECRET=… (unchanged: the webhooks keep the secret they have; set one to rotate it)',
    );
  });

  it('sets one new secret on every webhook when a topic lacks its webhook, so that all of them match', async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks);
    hooks.push(...WOO_TOPICS.slice(0, 5).map((topic, i) => ours(i + 1, topic, site.deliveryUrl)));
    const report = await site.connect();
    assert.equal(report.steps.at(-1), `created product.restored → ${site.deliveryUrl}`);
    assert.match(String(report.steps[0]), /\(webhook 1, active, secret set\)$/);
    const secret = hooks[5]?.secret;
    assert.ok(secret && secret !== 'secret-the-relay-has');
    assert.ok(hooks.every((h) => h.secret === secret));
    assert.equal(report.env[0], `SHOPBEACON_WOOCOMMERCE_SECRET=${secret}`);
  });

  it('sets the secret given on every webhook, and prints it only as set', async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks);
    hooks.push(ours(1, 'order.created', site.deliveryUrl));
    const report = await site.connect({ secret: 'the-secret-the-relay-has-0123456789' });
    assert.ok(hooks.length === 6 && hooks.every((h) => h.secret === 'the-secret-the-relay-has-0123456789'));
    assert.equal(report.env[0], 'SHOPBEACON_WOOCOMMERCE_SECRET=… (as set)');
    assert.ok(!report.env.join('\n').includes('the-secret-the-relay-has'));
  });

  it('with --dry-run says what it would do, writes nothing, and prints no secret that no webhook has', async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks);
    hooks.push(ours(1, 'order.created', site.deliveryUrl, 'paused'));
    const report = await site.connect({ dryRun: true });
    assert.deepEqual(report.steps.slice(0, 2), [
      `would keep order.created → ${site.deliveryUrl} (webhook 1, paused, set active, secret set)`,
      `would create order.updated → ${site.deliveryUrl}`,
    ]);
    assert.equal(report.env[0], 'SHOPBEACON_WOOCOMMERCE_SECRET=<generated and printed when run without --dry-run>');
    assert.deepEqual(site.written, []);
    assert.equal(hooks[0]?.status, 'paused');
  });

  it('warns when the relay does not answer at the delivery URL, saying what to do, and makes the webhooks all the same', async (t) => {
    const hooks: WooWebhookRow[] = [];
    const site = await wooSite(t, hooks, { status: 502, body: { ok: false, ping: false } });
    const report = await site.connect();
    assert.equal(
      report.steps[0],
      `warning: ${site.deliveryUrl} answered 502: the proxy does not reach the relay (is it running?). WooCommerce delivers each change once and disables a webhook after five failed deliveries in a row: start the relay behind ${site.publicUrl}, then run connect again (it sets disabled webhooks active); until then the sync's sweeps carry the changes`,
    );
    assert.equal(report.steps.length, 7);
    assert.equal(hooks.length, 6);
  });

  it("stops with a real WooCommerce's words when the key may only read", async (t) => {
    const shop = await new RecordedShop(
      new URL('../../../connectors/woocommerce/fixtures/recorded/connect-read-only-key.json', import.meta.url).pathname,
    ).start();
    t.after(() => shop.close());
    const error = await connectWooCommerce(
      client(),
      { url: shop.url, consumerKey: WOO_READ_KEY, consumerSecret: WOO_READ_SECRET },
      { publicUrl: `${shop.url}/sb`, secret: undefined, dryRun: false },
    ).then(
      () => assert.fail('connected'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformApiError && error.refused, String(error));
    assert.equal(
      error.message,
      `WooCommerce refused the credentials (401 woocommerce_rest_authentication_error: The API key provided does not have write permissions. for ${shop.url}/wp-json/wc/v3/webhooks): check the key or token and its permissions`,
    );
    assert.deepEqual(shop.unmatched, ['POST /sb/webhooks/woocommerce?'], "only the relay's own address, not recorded");
  });
});
