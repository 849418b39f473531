// `shopbeacon coverage` and `/stats` coverage: the orders a relay took from a platform against the
// Order Completed events the shop spoke for (its plugin on /v1/track, a browser with its proof for
// the order), a browser's claim without that proof shown apart, on a real relay with WooCommerce
// webhooks, /v1/track and /collect.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { browserEvent, collect } from '../helpers/collect.js';
import { bearer, INGEST_KEY } from '../helpers/ingest-key.js';
import { runCli } from '../helpers/cli-run.js';
import { fixtureText, sign } from '../helpers/platform-fixtures.js';
import { postWebhook } from '../helpers/webhook-post.js';
import { ADMIN_KEY, startRelay, until, type Harness } from '../helpers/relay-harness.js';

const WOO_SECRET = 'wc-secret-coverage-3e9a';
const IDENTITY_SECRET = 'identity-secret-coverage-5d1f0e2a9c7b';
/** What the shop's backend signs: a logged-in customer's id, or `order <id>` on the order's thank-you page. */
const signed = (text: string) => createHmac('sha256', IDENTITY_SECRET).update(text).digest('hex');

/** WooCommerce's order webhook for the fixture order as `changes` make it, made `agoMs` before now. */
function wooOrder(h: Harness, changes: Record<string, unknown>, agoMs = 0) {
  const order = {
    ...(JSON.parse(fixtureText('woocommerce/order-variation.json')) as Record<string, unknown>),
    ...changes,
  };
  const made = new Date(Date.now() - agoMs).toISOString().slice(0, 19);
  const body = JSON.stringify({ ...order, date_created_gmt: made, date_modified_gmt: made });
  return postWebhook(`${h.url}/webhooks/woocommerce`, body, {
    'x-wc-webhook-topic': 'order.created',
    'x-wc-webhook-resource': 'order',
    'x-wc-webhook-event': 'created',
    'x-wc-webhook-id': '14',
    'x-wc-webhook-delivery-id': `delivery-${String(changes['id'])}`,
    'x-wc-webhook-signature': sign(body, WOO_SECRET),
  });
}

const completed = (orderId: number, proof: Record<string, string> = {}) =>
  browserEvent({
    event_name: 'Order Completed',
    event: { order_id: orderId, order_value: 49, currency: 'EUR', ...proof },
  });

/** A headless browser's User-Agent: the bot filter drops what it sends. */
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0.0.0 Safari/537.36';

/** The WooCommerce plugin's `Order Completed`, from the shop's server with the ingest key, naming its shopper's User-Agent when given. */
const pluginCompleted = (h: Harness, orderId: number, user: string, agent?: string) =>
  fetch(`${h.url}/v1/track`, {
    method: 'POST',
    headers: bearer(INGEST_KEY),
    body: JSON.stringify({
      ...(agent ? { visitor_agent: agent } : {}),
      user_id: user,
      event_name: 'Order Completed',
      event: { order_id: orderId, order_value: 49, currency: 'EUR' },
      datetime: new Date().toISOString().slice(0, 19) + '+00:00',
      event_id: `wp-order-${orderId}-coverage`,
    }),
  });

describe('the coverage of orders by Order Completed events', () => {
  let h: Harness;
  before(async () => {
    h = await startRelay({
      config: {
        woocommerceSecret: WOO_SECRET,
        shopCurrency: 'EUR',
        identitySecret: IDENTITY_SECRET,
        ingestKey: INGEST_KEY,
      },
    });
    for (const changes of [
      { id: 5001 },
      { id: 5002, created_via: 'admin', payment_method_title: 'Cash on delivery' },
      { id: 5003 },
      { id: 5004 },
      { id: 5005, payment_method_title: 'PayPal' },
      { id: 5006, payment_method_title: 'Cash on delivery' },
    ])
      assert.equal((await wooOrder(h, changes)).status, 200);
    // Made before the relay began noting (an upgrade, the first sweep's history): its Order Completed was never seen, so it is not judged.
    assert.equal((await wooOrder(h, { id: 4999 }, 3_600_000)).status, 200);
    // The shopper's browser with the shop's proof for its order, and the plugin from the shop's server.
    const proven = await collect(h.url, { events: [completed(5001, { order_proof: signed('order 5001') })] });
    assert.equal(proven.body['accepted'], 1);
    assert.equal((await pluginCompleted(h, 5004, 'visitor-bbbbbbbb')).status, 202);
    assert.equal((await pluginCompleted(h, 9999, 'visitor-cccccccc')).status, 202);
    // Browsers claiming orders without the shop's proof: taken and sent as their visitors' events,
    // never a join, and never the order's key: the plugin's event for 5003 still goes and joins it.
    for (const orderId of [5003, 5005])
      assert.equal((await collect(h.url, { events: [completed(orderId)] })).body['accepted'], 1);
    // A headless browser's checkout: the plugin names its User-Agent, and its Order Completed is dropped as a bot's.
    const bot = await pluginCompleted(h, 5006, 'visitor-eeeeeeee', HEADLESS);
    assert.deepEqual(await bot.json(), { queued: 0, dropped: 1 });
    const plugin5003 = await pluginCompleted(h, 5003, 'visitor-dddddddd');
    assert.deepEqual(await plugin5003.json(), { queued: 1 }, "the shop's own event is never held off by a claim");
    // A shopper browsing anonymously, then logged in: one session, two billed ids.
    const aMomentAgo = new Date(Date.now() - 5_000).toISOString().slice(0, 19).replace('T', ' ');
    const session = { session_id: 'sess-one-shopper-0001' };
    assert.equal(
      (
        await collect(h.url, {
          events: [browserEvent({ ...session, user_id: 'visitor-eeeeeeee', datetime: aMomentAgo })],
        })
      ).body['accepted'],
      1,
    );
    assert.equal(
      (
        await collect(
          h.url,
          { events: [browserEvent({ ...session, user_id: '4242' })] },
          { cookie: `_sb_uid=~4242; _sb_idp=${signed('4242')}` },
        )
      ).body['accepted'],
      1,
    );
    await until(() => h.mock.records('events').length === 8, 'the events delivered and billed');
  });
  after(() => h?.close());

  const expected = {
    orders: 6,
    storefrontOrders: 5,
    joined: 3,
    joinedShare: 0.6,
    unjoined: [5005, 5006],
    unjoinedCount: 2,
    unjoinedCauses: { '5005': 'claimed only', '5006': 'bot' },
    claimed: 1,
    madeElsewhere: { 'back office': 1 },
    madeElsewhereOrders: { '5002': { madeBy: 'back office', said: 'created_via admin' } },
    duplicated: [],
    duplicatedCount: 0,
    unmatched: [9999],
    unmatchedCount: 1,
    ordersNotKept: 0,
  };

  it('shows on /stats, per platform, the storefront orders joined, those not joined with the cause the relay knows, the orders made elsewhere apart, and an Order Completed naming no order sent', async () => {
    const stats = (await (
      await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).json()) as {
      coverage: {
        since: string;
        platforms: Record<string, unknown>;
        unprovenClaims: number;
        completionsNotKept: number;
        visitors: Record<string, unknown>;
      };
    };
    assert.deepEqual(stats.coverage.platforms, { woocommerce: expected });
    assert.deepEqual(
      [stats.coverage.unprovenClaims, stats.coverage.completionsNotKept],
      [2, 0],
      "the browsers' claims shown apart",
    );
    const month = new Date().toISOString().slice(0, 7);
    assert.deepEqual(
      stats.coverage.visitors,
      { [month]: { billed: 8, identifiedLater: 1, sessionsNotKept: 0 } },
      'the anonymous id of the shopper who logged in',
    );
    assert.ok(
      Math.abs(Date.parse(stats.coverage.since) - Date.now()) < 60_000,
      'the last 7 days, or since the relay began noting',
    );
  });

  it("shows the debugger's coverage card the share and the first orders not joined", async () => {
    const snapshot = (await (
      await fetch(`${h.url}/_debug/snapshot`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).json()) as { coverage: unknown };
    assert.deepEqual(snapshot.coverage, [
      {
        platform: 'woocommerce',
        storefrontOrders: 5,
        joined: 3,
        joinedShare: 0.6,
        unjoined: [
          { id: 5005, cause: 'claimed only' },
          { id: 5006, cause: 'bot' },
        ],
        claimed: 1,
        madeElsewhere: { 'back office': 1 },
        duplicated: 0,
        unmatched: 1,
      },
    ]);
  });

  it('prints the same from the data directory with `shopbeacon coverage --json`, and in words without it; a window past 35 days is refused', async () => {
    await h.close();
    const json = await runCli(['coverage', '--json', '--since', '2d', '--data-dir', h.dataDir], {});
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as { since: string; platforms: Record<string, unknown> };
    assert.deepEqual(report.platforms, { woocommerce: expected });
    const words = await runCli(['coverage'], { SHOPBEACON_DATA_DIR: h.dataDir });
    assert.match(
      words.stdout,
      /^orders made since \d{4}-\d\d-\d\dT[\d:.]+Z \(7 days, or since the relay began noting them\):$/m,
    );
    assert.match(words.stdout, /woocommerce: 6 orders, 5 from the storefront, 3 joined to a visitor \(60 %\)/);
    assert.match(
      words.stdout,
      /made elsewhere, not in the share: 1 back office\n +5002: back office \(created_via admin\)\n +not joined: +5005, 5006\n +5005: claimed only\n +5006: bot\n/,
    );
    assert.match(words.stdout, /bot: its Order Completed came from a browser the relay judged a bot/);
    assert.doesNotMatch(words.stdout, /paid by|Cash on delivery|PayPal/, 'a payment method is no reason');
    assert.match(words.stdout, /naming no order sent: +9999/);
    assert.match(words.stdout, /^Order Completed from browsers without the shop's proof for their order: 2 /m);
    assert.match(words.stdout, /^visitors billed in \d{4}-\d\d: 8, of them 1 the same shopper under an earlier id/m);
    const tooFar = await runCli(['coverage', '--since', '40d', '--data-dir', h.dataDir], {});
    assert.equal(tooFar.code, 1);
    assert.match(tooFar.stderr, /--since.*35 days/);
  });
});
