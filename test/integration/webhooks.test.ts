import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { postShopifyWebhook, postWebhook } from '../helpers/webhook-post.js';
import { stringifyBody } from '../../relay/shared/exact-json.js';
import { freshFixture, sign } from '../helpers/platform-fixtures.js';
import { ADMIN_KEY, relayForSuite, until, type Harness } from '../helpers/relay-harness.js';

const WOO_SECRET = 'wc-secret-5b1d7e';
const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';

const woo = (h: Harness, topic: string, body: string, signature = sign(body, WOO_SECRET)) =>
  postWebhook(`${h.url}/webhooks/woocommerce`, body, {
    'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
    'x-wc-webhook-source': 'https://shop.example/',
    'x-wc-webhook-topic': topic,
    'x-wc-webhook-resource': topic.split('.')[0] ?? '',
    'x-wc-webhook-event': topic.split('.')[1] ?? '',
    'x-wc-webhook-id': '14',
    'x-wc-webhook-delivery-id': 'a3f1c9d27e5b08f4c6d1e2a7b9c0d3e4',
    ...(signature ? { 'x-wc-webhook-signature': signature } : {}),
  });

const shopify = (h: Harness, topic: string, body: string, extra: Record<string, string> = {}) => postShopifyWebhook(h.url, topic, body, SHOPIFY_SECRET, extra);

/** The mock service's records as the exact JSON text it keeps (64-bit ids included). */
const serviceText = (h: Harness, kind: 'orders' | 'products') => stringifyBody(h.mock.records(kind));

const deadLetters = async (h: Harness) =>
  (await (await fetch(`${h.url}/_debug/snapshot`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
    deadLetters: { body: string; lastError: string }[];
  };

describe('POST /webhooks/woocommerce and /webhooks/shopify', () => {
  const h = relayForSuite({
    config: { woocommerceSecret: WOO_SECRET, shopifySecret: SHOPIFY_SECRET, shopCurrency: 'EUR', shopUrl: 'https://snowdevil.example' },
  });

  it('delivers a signed WooCommerce order with a variation line item to the service, exactly as mapped', async () => {
    const answer = await woo(h, 'order.created', freshFixture('woocommerce/order-variation.json'));
    assert.equal(answer.status, 200);
    assert.equal(answer.body['status'], 'queued');
    await until(() => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === 727), 'order 727 at the service');
    const order = h.mock.records('orders').find((o) => (o as { order_id: number }).order_id === 727) as Record<string, unknown>;
    assert.equal(order['city'], 'Berlin');
    assert.equal(order['order_value'], 65.81);
    assert.deepEqual(
      (order['line_items'] as Record<string, unknown>[]).map((li) => [li['line_item_product_id'], li['line_item_variation_id']]),
      [
        [93, 101],
        [22, undefined],
      ],
    );
  });

  it('delivers a Shopify order with the exact 64-bit digits of its ids, and a product with its link', async () => {
    assert.equal((await shopify(h, 'orders/paid', freshFixture('shopify/order-paid.json'))).status, 200);
    assert.equal((await shopify(h, 'products/update', freshFixture('shopify/product.json'))).status, 200);
    await until(() => serviceText(h, 'orders').includes('"order_id":820982911946154508,'), 'the Shopify order, id exact');
    await until(() => serviceText(h, 'products').includes('"product_id":788032119674292922,'), 'the Shopify product, id exact');
    assert.match(serviceText(h, 'orders'), /"line_item_product_id":9007199254740993,/);
    assert.match(serviceText(h, 'products'), /"link":"https:\/\/snowdevil\.example\/products\/example-t-shirt"/);
    assert.match(serviceText(h, 'products'), /"currency":"EUR"/);
  });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const body = freshFixture('woocommerce/order-digital.json');
    const before = (await (await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as { outbox: { accepted: number } };
    assert.equal((await woo(h, 'order.created', body, sign(body, 'another-secret'))).status, 401);
    assert.equal((await woo(h, 'order.created', body, '')).status, 401);
    const wrongShopify = await postWebhook(`${h.url}/webhooks/shopify`, body, {
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': sign(body, WOO_SECRET),
    });
    assert.equal(wrongShopify.status, 401);
    const afterwards = (await (await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
      outbox: { accepted: number };
    };
    assert.equal(afterwards.outbox.accepted, before.outbox.accepted);
    assert.equal(h.logs.join('').includes(WOO_SECRET), false);
    assert.equal(h.logs.join('').includes('grace@example.com'), false);
  });

  it('refuses a body a proxy re-serialized (same JSON, other whitespace) with 401: it checks bytes, not JSON', async () => {
    const body = freshFixture('woocommerce/order-digital.json');
    const signature = sign(body, WOO_SECRET);
    const compacted = JSON.stringify(JSON.parse(body));
    assert.equal((await woo(h, 'order.created', compacted, signature)).status, 401);
  });

  it("answers WooCommerce's unsigned ping with 200, as saving a webhook requires", async () => {
    const ping = await postWebhook(`${h.url}/webhooks/woocommerce`, 'webhook_id=14', {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
    });
    assert.equal(ping.status, 200);
    assert.equal(ping.body['ping'], true);
  });

  it('counts every delivery in shopbeacon_webhooks_total from the steps it announced: queued, refused, dead letters and pings', async () => {
    const metrics = await (await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text();
    const count = (platform: string, result: string) =>
      Number(new RegExp(`^shopbeacon_webhooks_total\\{platform="${platform}",result="${result}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
    assert.ok(count('woocommerce', 'queued') >= 1, 'the order delivered above');
    assert.ok(count('woocommerce', 'unauthorized') >= 3, 'the wrong, missing and re-serialized signatures');
    assert.equal(count('shopify', 'unauthorized'), 1);
    assert.equal(count('woocommerce', 'ping'), 1);
  });

  it('drops a repeated Shopify event by X-Shopify-Event-Id, and by X-Shopify-Webhook-Id where no event id is sent', async () => {
    const order = freshFixture('shopify/order-paid.json').replace('820982911946154508', '820982911946154999');
    // The repeats come while the first is on its way to the service, as a platform's quick retry
    // does; one after delivery with the same body is `unchanged` (the body last delivered is looked
    // at first), which delivery on its own thread made the usual case here.
    h.mock.setFaults({ latencyMs: 2_000 });
    try {
      const first = await shopify(h, 'orders/updated', order, { 'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5' });
      const again = await shopify(h, 'orders/updated', order, { 'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5' });
      assert.deepEqual([first.status, first.body['status'], again.status, again.body['status']], [200, 'queued', 200, 'duplicate']);
      const byWebhook = { 'x-shopify-webhook-id': 'c5d1ed1f-6a4b-4f0b-8a57-0e8f3e5d9f21' };
      const edited = order.replace('"total_price": "239.48"', '"total_price": "241.00"');
      // A newer body of the same order is taken (queued, or coalesced if the first is still queued); its retry is not.
      assert.notEqual((await shopify(h, 'orders/updated', edited, byWebhook)).body['status'], 'duplicate');
      assert.equal((await shopify(h, 'orders/updated', edited, byWebhook)).body['status'], 'duplicate');
    } finally {
      h.mock.setFaults({ latencyMs: 0 });
    }
    await until(
      () => serviceText(h, 'orders').includes('"order_id":820982911946154999,') && serviceText(h, 'orders').includes('"order_value":241,'),
      'the newer body at the service',
    );
  });

  it('takes orders/create and then orders/paid of one checkout, which share X-Shopify-Event-Id but not X-Shopify-Webhook-Id', async () => {
    const order = freshFixture('shopify/order-paid.json').replace('820982911946154508', '820982911946154777');
    const event = 'x-shopify-event-id';
    const created = await shopify(h, 'orders/create', order, {
      [event]: '5f0a2b51-7c1e-4c59-9a7e-1d2f3a4b5c6d',
      'x-shopify-webhook-id': 'e0c1a5f2-0d6b-4a31-9d0e-4b7f3c2a1e01',
    });
    const paid = await shopify(h, 'orders/paid', order.replace('"total_price": "239.48"', '"total_price": "239.49"'), {
      [event]: '5f0a2b51-7c1e-4c59-9a7e-1d2f3a4b5c6d',
      'x-shopify-webhook-id': 'e0c1a5f2-0d6b-4a31-9d0e-4b7f3c2a1e02',
    });
    assert.equal(created.body['status'], 'queued');
    assert.ok(['queued', 'coalesced'].includes(String(paid.body['status'])), `orders/paid taken, not ${String(paid.body['status'])}`);
  });

  it("never takes WooCommerce's delivery id for a duplicate: two orders saved in the same second both arrive", async () => {
    const a = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 901');
    const b = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 902');
    assert.equal((await woo(h, 'order.created', a)).body['status'], 'queued');
    assert.equal((await woo(h, 'order.created', b)).body['status'], 'queued');
    await until(() => [901, 902].every((id) => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === id)), 'both orders');
  });

  it('answers 200 to a payload that cannot be a valid record and keeps it as a dead letter with the reason', async () => {
    const cityless = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 913').replace('"city": "Hamburg"', '"city": ""');
    const answer = await woo(h, 'order.updated', cityless);
    assert.equal(answer.status, 200);
    assert.equal(answer.body['status'], 'dead_letter');
    assert.deepEqual(
      (answer.body['errors'] as { path: string }[]).map((e) => e.path),
      ['city'],
    );
    const imageless = freshFixture('woocommerce/product.json')
      .replace('"id": 93', '"id": 94')
      .replace(/"images": \[[\s\S]*?\n {2}\],/, '"images": [],');
    assert.equal((await woo(h, 'product.updated', imageless)).body['status'], 'dead_letter');
    const letters = (await deadLetters(h)).deadLetters;
    const order = letters.find((l) => l.body.includes('"order_id":913'));
    assert.match(order?.lastError ?? '', /city: is required/);
    assert.match(letters.find((l) => l.body.includes('"product_id":94'))?.lastError ?? '', /image: is required/);
    const cli = spawnSync(process.execPath, ['bin/shopbeacon.js', 'outbox', 'dead-letters', '--data-dir', h.dataDir], { encoding: 'utf8' });
    assert.match(cli.stdout, /city: is required/);
  });

  it('keeps a body that can never be valid as one dead letter however often it is delivered; a changed body is a new one', async () => {
    const imageless = freshFixture('woocommerce/product.json')
      .replace('"id": 93', '"id": 95')
      .replace(/"images": \[[\s\S]*?\n {2}\],/, '"images": [],');
    const answers = [await woo(h, 'product.updated', imageless), await woo(h, 'product.updated', imageless), await woo(h, 'product.updated', imageless)];
    assert.deepEqual(
      answers.map((a) => [a.status, a.body['status'], a.body['unchanged']]),
      [
        [200, 'dead_letter', undefined],
        [200, 'dead_letter', true],
        [200, 'dead_letter', true],
      ],
    );
    const count = async () => (await deadLetters(h)).deadLetters.filter((l) => l.body.includes('"product_id":95')).length;
    assert.equal(await count(), 1);
    await woo(h, 'product.updated', imageless.replace(/"name": "[^"]*"/, '"name": "Renamed, still without an image"'));
    assert.equal(await count(), 2);
  });

  it("tells the merchant, once, of a product set back to draft after it was sent: the service's catalog keeps it", async () => {
    const published = freshFixture('woocommerce/product.json').replace('"id": 93', '"id": 96');
    assert.equal((await woo(h, 'product.updated', published)).body['status'], 'queued');
    await until(() => h.mock.records('products').some((p) => (p as { product_id: number }).product_id === 96), 'the product at the service');
    const draft = published.replace('"status": "publish"', '"status": "draft"');
    const withdrawn = async () =>
      (
        (await (await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
          withdrawnProducts: { platform: string; productId: string }[];
        }
      ).withdrawnProducts.filter((w) => w.productId === '96');
    // The delivered digest is written on the loop turn after the delivery: the draft is news from then on.
    await until(async () => (await woo(h, 'product.updated', draft)).body['skipped'] !== undefined && (await withdrawn()).length > 0, 'the withdrawal noticed');
    for (let i = 0; i < 2; i += 1)
      assert.deepEqual((await woo(h, 'product.updated', draft)).body, { ok: true, skipped: 'status draft: only published products are sent' });
    assert.deepEqual(
      (await withdrawn()).map((w) => w.platform),
      ['woocommerce'],
      'once',
    );
  });

  it('sends no version of an order older than one already taken: a validly signed replay changes nothing at the service', async () => {
    const base = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 932');
    const version = (status: string, modified: string) =>
      base.replace(/"status": "[^"]*"/, `"status": "${status}"`).replace(/"date_modified_gmt": "[^"]*"/, `"date_modified_gmt": "${modified}"`);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19);
    const processing = version('processing', at(30));
    const completed = version('completed', at(10));
    assert.equal((await woo(h, 'order.updated', processing)).body['status'], 'queued');
    assert.match(String((await woo(h, 'order.updated', completed)).body['status']), /^(queued|coalesced)$/, 'taken: the newer version');
    const order932 = () => h.mock.records('orders').filter((o) => (o as { order_id: number }).order_id === 932) as { status: string }[];
    await until(() => order932().some((o) => o.status === 'completed'), 'the completed version at the service');
    const replay = await woo(h, 'order.updated', processing);
    assert.equal(replay.status, 200, 'a 200, so WooCommerce neither retries nor disables the webhook');
    assert.match(String(replay.body['stale']), /^older than the version already taken \(this one modified /);
    await woo(h, 'order.updated', freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 933'));
    await until(() => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === 933), 'a later order, so the replay had its chance');
    assert.deepEqual(
      order932()
        .map((o) => o.status)
        .at(-1),
      'completed',
    );
  });

  it('answers 200 to deletions, variations, drafts and other topics, forwarding none of them', async () => {
    const before = h.mock.records('products').length;
    const answers = [
      await woo(h, 'product.deleted', '{"id":93}'),
      await woo(h, 'product.updated', freshFixture('woocommerce/product-variation.json')),
      await woo(h, 'product.updated', freshFixture('woocommerce/product.json').replace('"status": "publish"', '"status": "draft"')),
      await woo(h, 'coupon.created', '{"id":5}'),
      await shopify(h, 'products/delete', '{"id":788032119674292922}'),
      await shopify(h, 'customers/create', '{"id":207119551}'),
    ];
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200, 200],
    );
    assert.deepEqual(
      answers.map((a) => Object.keys(a.body).find((k) => k === 'ignored' || k === 'skipped')),
      ['skipped', 'skipped', 'skipped', 'ignored', 'skipped', 'ignored'],
    );
    const metrics = await (await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text();
    assert.match(metrics, /shopbeacon_webhooks_total\{platform="woocommerce",result="ignored"\} 1/);
    assert.equal(h.mock.records('products').length, before);
  });
});
