import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run.js';
import { type StandIn } from '../helpers/platform-standins.js';
import { WOO_KEY, WOO_SECRET, wooCommerceStandIn, wooOrders, wooProducts } from '../connectors/woocommerce/standin.js';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { webhookUnreachable } from '../../relay/platforms/woocommerce/webhook-reach.js';
import { WOO_READ_KEY, WOO_READ_SECRET, type WooWebhookRow } from '../connectors/woocommerce/webhooks-standin.js';

/** `shopbeacon connect …` as a real process (the stand-ins answer from this one). */
const connect = (args: string[], env: Record<string, string>) => runCli(['connect', ...args], env);

const PUBLIC = 'https://shop.example/sb';
const RELAY_WEBHOOK_SECRET = 'relay-webhook-secret-2f9c41';

describe('shopbeacon connect woocommerce', () => {
  let shop: StandIn;
  const hooks: WooWebhookRow[] = [];
  const env = { SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: WOO_KEY, SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: WOO_SECRET };
  // On the shop's own host and port, so WordPress would deliver there and connect's check of it stays on loopback.
  let PUBLIC = '';
  before(async () => {
    shop = await wooCommerceStandIn(wooOrders(3), wooProducts(), { webhooks: hooks }).start();
    PUBLIC = `${shop.url}/sb`;
  });
  after(() => shop.close());

  it('says what it would do with --dry-run and changes nothing', async () => {
    const run = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC, '--dry-run'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal((run.stdout.match(/^would create /gm) ?? []).length, 6);
    assert.equal(hooks.length, 0);
    assert.match(
      run.stdout,
      /SHOPBEACON_WOOCOMMERCE_SECRET=<generated and printed when run without --dry-run>/,
      'no secret that no webhook has',
    );
  });

  it('creates one active webhook per topic with one secret, prints it, creates nothing twice and changes no secret unless given one', async () => {
    const run = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC], env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(hooks.map((h) => h.topic).sort(), [
      'order.created',
      'order.restored',
      'order.updated',
      'product.created',
      'product.restored',
      'product.updated',
    ]);
    assert.ok(
      hooks.every(
        (h) =>
          h.status === 'active' &&
          h.delivery_url === `${PUBLIC}/webhooks/woocommerce` &&
          h.secret === hooks[0]?.secret &&
          h.secret.length >= 32,
      ),
    );
    assert.ok(run.stdout.includes(`SHOPBEACON_WOOCOMMERCE_SECRET=${hooks[0]?.secret}`));
    assert.match(
      run.stdout,
      new RegExp(`^  SHOPBEACON_PUBLIC_URL=${PUBLIC}$`, 'm'),
      "the sync then knows which webhooks are the relay's",
    );
    assert.equal(run.stdout.includes(WOO_SECRET), false, 'the REST key is never printed');
    const first = hooks[0]?.secret;
    const rerun = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC], env);
    assert.equal(rerun.code, 0, rerun.stderr);
    assert.ok(
      hooks.length === 6 && hooks.every((h) => h.secret === first),
      'run again without a secret, the webhooks keep the one the relay has',
    );
    assert.match(rerun.stdout, /SHOPBEACON_WOOCOMMERCE_SECRET=… \(unchanged/);
    (hooks.find((h) => h.topic === 'order.updated') as WooWebhookRow).status = 'disabled';
    const again = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC], {
      ...env,
      SHOPBEACON_WOOCOMMERCE_SECRET: 'the-secret-the-relay-has-0123456789',
    });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(hooks.length, 6);
    assert.ok(hooks.every((h) => h.status === 'active' && h.secret === 'the-secret-the-relay-has-0123456789'));
    assert.match(again.stdout, /kept order\.updated .*disabled, set active/);
  });

  it('says so when the relay does not answer at the public URL WooCommerce will deliver to, and creates the webhooks all the same', async () => {
    // The shop's stand-in answers there, not a relay.
    const run = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC, '--dry-run'], env);
    assert.equal(run.code, 0, run.stderr);
    const url = PUBLIC.replaceAll('.', '\\.').replaceAll('/', '\\/');
    assert.match(
      run.stdout,
      new RegExp(
        `^warning: ${url}\\/webhooks\\/woocommerce answered \\d+, not as the relay\\. WooCommerce delivers each change once and disables a webhook after five failed deliveries in a row: start the relay behind ${url}, then run connect again`,
        'm',
      ),
    );
    assert.equal(
      (run.stdout.match(/^would (create|keep) /gm) ?? []).length,
      6,
      'the webhooks are still made: the relay may come later',
    );
  });

  it('finds this relay at a delivery URL by the ping WooCommerce sends, and names a relay without the webhook secret', async () => {
    const withSecret = await startRelay({
      config: { woocommerceSecret: 'relay-webhook-secret-2f9c41', shopCurrency: 'EUR' },
    });
    const without = await startRelay();
    try {
      assert.equal(await webhookUnreachable(`${withSecret.url}/webhooks/woocommerce`), undefined);
      assert.match(
        String(await webhookUnreachable(`${without.url}/webhooks/woocommerce`)),
        /answered 404: the relay takes WooCommerce's webhooks only with SHOPBEACON_WOOCOMMERCE_SECRET set/,
      );
    } finally {
      await withSecret.close();
      await without.close();
    }
  });

  it('refuses, creating nothing, a --public-url WordPress would never deliver to (a loopback address on another port)', async () => {
    const before = hooks.length;
    const run = await connect(['woocommerce', '--url', shop.url, '--public-url', 'http://127.0.0.1:8787'], env);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /^shopbeacon connect: --public-url http:\/\/127\.0\.0\.1:8787: WordPress delivers webhooks only to ports 80, 443 and 8080, or the site's own host and port \(wp_http_validate_url\), not to port 8787/,
    );
    assert.equal(hooks.length, before);
  });

  it('stops with one line when the key may only read', async () => {
    const run = await connect(['woocommerce', '--url', shop.url, '--public-url', PUBLIC], {
      SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: WOO_READ_KEY,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: WOO_READ_SECRET,
    });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /^shopbeacon connect: WooCommerce refused the credentials \(401 .*; connecting needs a key that may read and write webhooks/,
    );
  });
});

describe('the sync keeps WooCommerce webhooks on', () => {
  let shop: StandIn;
  let h: Harness;
  const hooks: WooWebhookRow[] = [
    {
      id: 1,
      name: 'shopbeacon order.updated',
      status: 'disabled',
      topic: 'order.updated',
      delivery_url: `${PUBLIC}/webhooks/woocommerce`,
      secret: 's',
      failures: 6,
    },
    {
      id: 2,
      name: 'another plugin',
      status: 'disabled',
      topic: 'order.updated',
      delivery_url: 'https://elsewhere.example/hook',
      secret: 's',
      failures: 6,
    },
    {
      id: 3,
      name: 'shopbeacon order.updated',
      status: 'disabled',
      topic: 'order.updated',
      delivery_url: 'https://old-host.example/sb/webhooks/woocommerce',
      secret: 's',
      failures: 6,
    },
  ];
  before(async () => {
    shop = await wooCommerceStandIn(wooOrders(3), wooProducts(), { webhooks: hooks }).start();
  });
  after(async () => {
    await h?.close();
    await shop.close();
  });

  it("sets this relay's disabled webhook active again, and leaves other webhooks alone, a leftover at an old address of ours too", async () => {
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: WOO_KEY,
        woocommerceConsumerSecret: WOO_SECRET,
        woocommerceSecret: RELAY_WEBHOOK_SECRET,
        shopCurrency: 'EUR',
        syncIntervalMs: '1s',
        publicUrl: PUBLIC,
      },
    });
    await until(() => hooks[0]?.status === 'active', 'the webhook active again');
    assert.equal(hooks[1]?.status, 'disabled');
    assert.equal(hooks[2]?.status, 'disabled', 'not at SHOPBEACON_PUBLIC_URL: re-enabled, it would only fail again');
    assert.equal(
      hooks[0]?.failures,
      6,
      'WooCommerce keeps the count: the next five failures in a row disable it again',
    );
    await until(() => h.logs.some((line) => line.includes('put 1 webhook(s) right again')), 'the log line');
    await h.close();
  });

  it('reports a read-only key instead of failing the sweep', async () => {
    (hooks[0] as WooWebhookRow).status = 'disabled';
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: WOO_READ_KEY,
        woocommerceConsumerSecret: WOO_READ_SECRET,
        woocommerceSecret: RELAY_WEBHOOK_SECRET,
        shopCurrency: 'EUR',
        syncIntervalMs: '1s',
        publicUrl: PUBLIC,
      },
    });
    await until(
      () =>
        h.relay.shopbeacon.syncs[0]?.status.webhookNote !== null &&
        h.relay.shopbeacon.syncs[0]?.status.lastSuccessAt !== null,
      'a sweep with a note',
    );
    assert.match(h.relay.shopbeacon.syncs[0]?.status.webhookNote ?? '', /read only/);
    assert.equal(hooks[0]?.status, 'disabled');
  });
  it('leaves the webhooks alone, saying why, when the relay has no webhook secret (its /webhooks/woocommerce would answer 404)', async () => {
    await h.close();
    (hooks[0] as WooWebhookRow).status = 'disabled';
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: WOO_KEY,
        woocommerceConsumerSecret: WOO_SECRET,
        shopCurrency: 'EUR',
        syncIntervalMs: '1s',
      },
    });
    await until(() => h.relay.shopbeacon.syncs[0]?.status.lastSuccessAt !== null, 'a sweep');
    assert.match(
      h.relay.shopbeacon.syncs[0]?.status.webhookNote ?? '',
      /^SHOPBEACON_WOOCOMMERCE_SECRET is not set: this relay takes no WooCommerce webhooks/,
    );
    assert.equal(hooks[0]?.status, 'disabled');
  });
});
