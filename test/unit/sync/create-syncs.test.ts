import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { enqueueInOutbox } from '../../../relay/outbox/enqueue-once.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { createPark } from '../../../relay/pipeline/park.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { PlatformState } from '../../../relay/platform-state/platform-state.js';
import { SqlitePlatformState } from '../../../relay/platform-state/sqlite-platform-state.js';
import { createSyncs, type SyncSettings } from '../../../relay/sync/create-syncs.js';
import {
  WOO_KEY,
  WOO_SECRET,
  wooCommerceStandIn,
  wooOrders,
  wooProducts,
} from '../../connectors/woocommerce/standin.js';
import type { WooWebhookRow } from '../../connectors/woocommerce/webhooks-standin.js';

const logger = pino({ level: 'silent' });
const INTERVAL = 10 * 60_000;
const relay = { syncIntervalMs: INTERVAL, shopCurrency: undefined, shopUrl: undefined, publicUrl: undefined };
const PRESTASHOP = { prestashopUrl: 'https://ps.example', prestashopKey: 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE' };
const WOOCOMMERCE = {
  woocommerceUrl: 'https://woo.example',
  woocommerceConsumerKey: WOO_KEY,
  woocommerceConsumerSecret: WOO_SECRET,
};

/** The pipeline a sync hands its pages to, over a real outbox and platform state in a folder of the test's own. */
function pipeline(t: TestContext) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-create-syncs-'));
  const outbox = new SqliteOutbox({ dataDir });
  const state = new SqlitePlatformState(dataDir);
  t.after(() => {
    state.close();
    outbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const events = new RecordEvents();
  const options = {
    accept: createAccept({ enqueueOnce: enqueueInOutbox(outbox), events, onEnqueued: () => undefined }),
    park: createPark({ outbox, events, logger: { warn: () => undefined }, state }),
    state,
    queued: () => 0,
    logger,
  };
  return { outbox, options };
}

/** Options whose platform state only notes who claims the lease, and never grants it: a sweep stops there. */
function leaseWatcher() {
  const owners: string[] = [];
  const state = {
    claimLease: (_platform: string, owner: string) => (owners.push(owner), false),
  } as unknown as PlatformState;
  const never = async () => assert.fail('nothing is stored without the lease');
  return { owners, options: { accept: never, park: never, state, queued: () => 0, logger } };
}

/** A WooCommerce shop on loopback with two orders, its catalog, and the relay's webhook WooCommerce disabled. */
async function wooShop(t: TestContext) {
  const hook: WooWebhookRow = {
    id: 9,
    name: 'shopbeacon order.created',
    status: 'disabled',
    topic: 'order.created',
    delivery_url: 'https://shop.example/sb/webhooks/woocommerce',
    secret: 'woo-webhook-secret',
    failures: 6,
  };
  const shop = await wooCommerceStandIn(wooOrders(2), wooProducts(), { webhooks: [hook] }).start();
  t.after(() => shop.close());
  return { shop, hook };
}

/** The relay's settings for the shop at `url`: its REST key and webhook secret, the currency, the public URL. */
const wooSettings = (url: string): SyncSettings => ({
  ...relay,
  ...WOOCOMMERCE,
  woocommerceUrl: url,
  woocommerceSecret: 'woo-webhook-secret',
  shopCurrency: 'EUR',
  publicUrl: 'https://shop.example/sb',
});

describe('createSyncs(settings, options)', () => {
  it('makes no sync with SHOPBEACON_SYNC_INTERVAL=0, whatever platforms are set', () => {
    assert.deepEqual(
      createSyncs({ ...relay, ...PRESTASHOP, ...WOOCOMMERCE, syncIntervalMs: 0 }, leaseWatcher().options),
      [],
    );
  });

  it("makes one sync per platform whose API one way in is complete, with the interval, counting webhook misses only where the relay takes that platform's webhooks", () => {
    const settings: SyncSettings = {
      ...relay,
      ...PRESTASHOP,
      ...WOOCOMMERCE,
      shopifyShop: 'snowdevil.myshopify.com',
      shopifySecret: 'shpss_app_client_secret',
    };
    const syncs = createSyncs(settings, leaseWatcher().options);
    assert.deepEqual(
      syncs.map((s) => [s.connector.name, s.status.intervalMs, s.status.missedByWebhooks]),
      [
        ['prestashop', INTERVAL, null],
        ['woocommerce', INTERVAL, null],
      ],
      'Shopify lacks its client id (or an admin token); no WooCommerce webhook secret is set',
    );
    const withWebhooks = createSyncs(
      { ...settings, shopifyClientId: 'client-id', woocommerceSecret: 'woo-webhook-secret' },
      leaseWatcher().options,
    );
    assert.deepEqual(
      withWebhooks.map((s) => [s.connector.name, s.status.missedByWebhooks]),
      [
        ['prestashop', null],
        ['shopify', 0],
        ['woocommerce', 0],
      ],
    );
  });

  it("gives the syncs of one relay one owner for the lease, naming this host and process, and another relay's syncs another", async () => {
    const first = leaseWatcher();
    for (const sync of createSyncs({ ...relay, ...PRESTASHOP, ...WOOCOMMERCE }, first.options)) await sync.sweep();
    const second = leaseWatcher();
    for (const sync of createSyncs({ ...relay, ...PRESTASHOP }, second.options)) await sync.sweep();
    assert.equal(first.owners.length, 2);
    assert.equal(first.owners[0], first.owners[1]);
    assert.match(
      String(first.owners[0]),
      new RegExp(`^${hostname().replace(/\W/g, '\\$&')}:${process.pid}:[\\w-]{6}$`),
    );
    assert.notEqual(second.owners[0], first.owners[0]);
  });

  it("opens each API with its own settings, the catalog's currency and the relay's public URL", async (t) => {
    const { shop, hook } = await wooShop(t);
    const { outbox, options } = pipeline(t);
    const [sync, ...more] = createSyncs(wooSettings(shop.url), options);
    assert.ok(sync);
    assert.equal(more.length, 0);
    await sync.sweep();
    assert.equal(sync.status.lastError, null);
    assert.equal(sync.status.webhooksRepaired, 1, "the relay's webhook at its public URL set active again");
    assert.equal(hook.status, 'active');
    assert.equal(outbox.counts().queued.order, 2);
    assert.ok(outbox.counts().queued.product > 0);
    assert.ok(!shop.served.some((s) => s.path.includes('woocommerce_currency')), 'the currency set is not asked for');
  });

  it('asks the shop its currency when none is set, and without a public URL says why webhooks are left as they are', async (t) => {
    const { shop, hook } = await wooShop(t);
    const [sync] = createSyncs(
      { ...wooSettings(shop.url), shopCurrency: undefined, publicUrl: undefined },
      pipeline(t).options,
    );
    await sync?.sweep();
    assert.equal(sync?.status.lastError, null);
    assert.ok(shop.served.some((s) => s.path.includes('woocommerce_currency')));
    assert.equal(
      sync?.status.webhookNote,
      "SHOPBEACON_PUBLIC_URL is not set: which webhooks are this relay's is not known, so disabled ones are not re-enabled",
    );
    assert.equal(hook.status, 'disabled');
  });
});
