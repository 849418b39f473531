import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sign } from '../helpers/platform-fixtures.js';
import { getJson } from '../helpers/http.js';
import { ADMIN_KEY, startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { nextSweep, syncStatus } from '../helpers/sync-status.js';
import { type StandIn } from '../helpers/platform-standins.js';
import { WOO_KEY, WOO_SECRET, wooCommerceStandIn, wooOrders, wooProducts } from '../connectors/woocommerce/standin.js';

const ADMIN = { authorization: `Bearer ${ADMIN_KEY}` };
const WEBHOOK_SECRET = 'whsec-sync-test-5e1b';
type Row = Record<string, unknown>;
const orderCalls = (h: Harness) => h.mock.calls().filter((c) => c.path === '/v1/orders').length;

describe('the sync with only a WooCommerce API key (no webhook)', () => {
  let shop: StandIn;
  let h: Harness;
  const orders = wooOrders(230);
  before(async () => {
    shop = await wooCommerceStandIn(orders, wooProducts()).start();
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: WOO_KEY,
        woocommerceConsumerSecret: WOO_SECRET,
        syncIntervalMs: '1s',
      },
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('delivers every order and every published product, one unchanged for three years too, a product without an image kept as a dead letter', async () => {
    await until(
      () => h.mock.records('orders').length === 230 && h.mock.records('products').length === 2,
      'the history',
    );
    assert.deepEqual(
      h.mock
        .records('products')
        .map((p) => (p as { product_id: number }).product_id)
        .sort(),
      [93, 98],
    );
    assert.ok(
      h.mock.records('products').every((p) => (p as Row)['currency'] === 'EUR'),
      "no SHOPBEACON_SHOP_CURRENCY: the shop's own, from its settings",
    );
    const status = await syncStatus(h, 'woocommerce');
    assert.equal(status?.invalid, 1);
    assert.equal(status?.lastError, null);
    const dead = await getJson<{ outbox: { dead: { product: number } } }>(`${h.url}/stats`, ADMIN);
    assert.equal(dead.outbox.dead.product, 1);
  });

  it('keeps a product that can never be valid as one dead letter, however many sweeps read it again', async () => {
    const products = h.mock.records('products').length;
    await nextSweep(h, 'woocommerce');
    await nextSweep(h, 'woocommerce');
    const dead = await getJson<{ outbox: { dead: { product: number } } }>(`${h.url}/stats`, ADMIN);
    assert.equal(dead.outbox.dead.product, 1, 'the product without an image, kept once');
    assert.equal((await syncStatus(h, 'woocommerce'))?.invalid, 1);
    const warned = h.logs.filter((line) => line.includes('kept as a dead letter') && line.includes('"kind":"product"'));
    assert.equal(warned.length, 1, 'one warning in the log, naming the reason');
    assert.match(warned[0] ?? '', /image: is required/);
    assert.equal(h.mock.records('products').length, products);
  });

  it('sends a changed order again and nothing unchanged; with no webhook secret, nothing is counted as missed by webhooks', async () => {
    await nextSweep(h, 'woocommerce');
    const before = orderCalls(h);
    const changed = orders[5] as Row;
    changed['status'] = 'completed';
    changed['date_modified_gmt'] = new Date().toISOString().slice(0, 19);
    await until(
      () =>
        h.mock
          .records('orders')
          .some((o) => (o as Row)['order_id'] === changed['id'] && (o as Row)['status'] === 'completed'),
      'the changed order',
    );
    await nextSweep(h, 'woocommerce');
    await nextSweep(h, 'woocommerce');
    assert.equal(orderCalls(h) - before, 1, 'one call: the changed order; the overlap re-read the others unchanged');
    const status = await syncStatus(h, 'woocommerce');
    assert.equal(status?.missedByWebhooks, null, 'this relay takes no WooCommerce webhooks');
    assert.ok((status?.unchanged ?? 0) >= 1, 'the overlap found unchanged orders');
    assert.ok(shop.served.every((s) => !s.path.includes('/orders') || s.path.includes('dates_are_gmt=true')));
  });

  it("shows the sync on the debugger's card", async () => {
    const snapshot = await getJson<{
      sync: { platform: string; sent: number; missedByWebhooks: number; lastSuccessAt: number | null }[];
    }>(`${h.url}/_debug/snapshot`, ADMIN);
    assert.equal(snapshot.sync[0]?.platform, 'woocommerce');
    assert.ok(
      (snapshot.sync[0]?.sent ?? 0) >= 232 &&
        snapshot.sync[0]?.missedByWebhooks === null &&
        snapshot.sync[0]?.lastSuccessAt !== null,
    );
  });

  it('names the sync in /metrics', async () => {
    const metrics = await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } }).then((r) =>
      r.text(),
    );
    // The 230 of the history and the changed order at least: a sweep a second hands the changed order
    // again until its delivery is remembered (the outbox coalesces the two), so on a busy machine more.
    const sent = Number(
      /shopbeacon_sync_records_total\{platform="woocommerce",kind="order",result="sent"\} (\d+)/.exec(metrics)?.[1],
    );
    assert.ok(sent >= 231, `${sent} orders counted as sent`);
    assert.match(metrics, /shopbeacon_sync_last_success_timestamp_seconds\{platform="woocommerce"\} \d+/);
  });
});

describe('the sync beside WooCommerce webhooks', () => {
  let shop: StandIn;
  let h: Harness;
  const orders = wooOrders(3);
  before(async () => {
    shop = await wooCommerceStandIn(orders, wooProducts()).start();
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: WOO_KEY,
        woocommerceConsumerSecret: WOO_SECRET,
        woocommerceSecret: WEBHOOK_SECRET,
        shopCurrency: 'EUR',
        syncIntervalMs: '1s',
      },
    });
    await until(() => h.mock.records('orders').length === 3, 'the history');
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  /** The order as WooCommerce changes it and, when `delivered`, as its webhook brings it to the relay. */
  async function changeOrder(index: number, status: string, delivered: boolean, minutesAgo = 0): Promise<void> {
    const order = orders[index] as Row;
    order['status'] = status;
    order['date_modified_gmt'] = new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19);
    if (!delivered) return;
    const body = JSON.stringify(order);
    const answer = await fetch(`${h.url}/webhooks/woocommerce`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.updated',
        'x-wc-webhook-signature': sign(body, WEBHOOK_SECRET),
      },
      body,
    });
    assert.equal(answer.status, 200);
  }

  it('counts as missed by webhooks only a change no webhook brought in the 15 minutes WooCommerce may take to deliver it', async () => {
    await nextSweep(h, 'woocommerce');
    await changeOrder(0, 'completed', true);
    await changeOrder(1, 'cancelled', false, 20);
    await changeOrder(2, 'on-hold', false);
    const sent = (id: unknown, status: string) =>
      h.mock.records('orders').some((o) => (o as Row)['order_id'] === id && (o as Row)['status'] === status);
    await until(
      () =>
        sent((orders[0] as Row)['id'], 'completed') &&
        sent((orders[1] as Row)['id'], 'cancelled') &&
        sent((orders[2] as Row)['id'], 'on-hold'),
      'the three changes',
    );
    await nextSweep(h, 'woocommerce');
    await nextSweep(h, 'woocommerce');
    assert.equal(
      (await syncStatus(h, 'woocommerce'))?.missedByWebhooks,
      1,
      'the order cancelled 20 minutes ago, which no webhook brought; not the one changed now, whose webhook may be queued',
    );
  });
});

describe('the sync whose key the platform refuses', () => {
  let shop: StandIn;
  let h: Harness;
  before(async () => {
    shop = await wooCommerceStandIn(wooOrders(3), wooProducts()).start();
    h = await startRelay({
      config: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: `ck_${'0'.repeat(40)}`,
        woocommerceConsumerSecret: WOO_SECRET,
        shopCurrency: 'EUR',
        syncIntervalMs: '1s',
      },
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('GET /readyz answers 200 degraded naming the platform once sweeps fail for longer than three intervals, and /collect still takes events', async () => {
    await until(
      async () => ((await (await fetch(`${h.url}/readyz`)).json()) as { status: string }).status === 'degraded',
      '/readyz degraded',
    );
    // The reasons are told to the admin key only (#47).
    const answer = await fetch(`${h.url}/readyz`, { headers: ADMIN });
    const body = (await answer.json()) as { reasons: string[] };
    assert.equal(answer.status, 200);
    assert.match(body.reasons.join(' '), /the woocommerce sync has failed since .*401/);
    const collect = await fetch(`${h.url}/collect`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: h.url,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      },
      body: JSON.stringify({
        events: [
          {
            event_id: 'degraded-1',
            user_id: 'u1',
            event_name: 'Added To Cart',
            event: { product_id: 1, price: 1, currency: 'EUR', quantity: 1 },
          },
        ],
      }),
    });
    assert.equal(collect.status, 200);
  });
});
