import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { deadLetters, serviceText, shopify, webhookRelay, woo } from '../helpers/signed-webhooks.js';
import { freshFixture } from '../helpers/platform-fixtures.js';
import { ADMIN_KEY, until } from '../helpers/relay-harness.js';

describe('webhooks delivered again, unusable or out of date', () => {
  const h = webhookRelay();

  it('drops a repeated Shopify event by X-Shopify-Event-Id, and by X-Shopify-Webhook-Id where no event id is sent', async () => {
    const order = freshFixture('shopify/order-paid.json').replace('820982911946154508', '820982911946154999');
    // The repeats come while the first is on its way to the service, as a platform's quick retry
    // does; one after delivery with the same body is `unchanged` (the body last delivered is looked
    // at first), which delivery on its own thread made the usual case here.
    h.mock.setFaults({ latencyMs: 2_000 });
    try {
      const first = await shopify(h, 'orders/updated', order, {
        'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
      });
      const again = await shopify(h, 'orders/updated', order, {
        'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
      });
      assert.deepEqual(
        [first.status, first.body['status'], again.status, again.body['status']],
        [200, 'queued', 200, 'duplicate'],
      );
      const byWebhook = { 'x-shopify-webhook-id': 'c5d1ed1f-6a4b-4f0b-8a57-0e8f3e5d9f21' };
      const edited = order.replace('"total_price": "239.48"', '"total_price": "241.00"');
      // A newer body of the same order is taken (queued, or coalesced if the first is still queued); its retry is not.
      assert.notEqual((await shopify(h, 'orders/updated', edited, byWebhook)).body['status'], 'duplicate');
      assert.equal((await shopify(h, 'orders/updated', edited, byWebhook)).body['status'], 'duplicate');
    } finally {
      h.mock.setFaults({ latencyMs: 0 });
    }
    await until(
      () =>
        serviceText(h, 'orders').includes('"order_id":820982911946154999,') &&
        serviceText(h, 'orders').includes('"order_value":241,'),
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
    assert.ok(
      ['queued', 'coalesced'].includes(String(paid.body['status'])),
      `orders/paid taken, not ${String(paid.body['status'])}`,
    );
  });

  it("never takes WooCommerce's delivery id for a duplicate: two orders saved in the same second both arrive", async () => {
    const a = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 901');
    const b = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 902');
    assert.equal((await woo(h, 'order.created', a)).body['status'], 'queued');
    assert.equal((await woo(h, 'order.created', b)).body['status'], 'queued');
    await until(
      () => [901, 902].every((id) => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === id)),
      'both orders',
    );
  });

  it('answers 200 to a payload that cannot be a valid record and keeps it as a dead letter with the reason', async () => {
    const cityless = freshFixture('woocommerce/order-digital.json')
      .replace('"id": 731', '"id": 913')
      .replace('"city": "Hamburg"', '"city": ""');
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
    const cli = spawnSync(process.execPath, ['bin/shopbeacon.js', 'outbox', 'dead-letters', '--data-dir', h.dataDir], {
      encoding: 'utf8',
    });
    assert.match(cli.stdout, /city: is required/);
  });

  it('keeps a body that can never be valid as one dead letter however often it is delivered; a changed body is a new one', async () => {
    const imageless = freshFixture('woocommerce/product.json')
      .replace('"id": 93', '"id": 95')
      .replace(/"images": \[[\s\S]*?\n {2}\],/, '"images": [],');
    const answers = [
      await woo(h, 'product.updated', imageless),
      await woo(h, 'product.updated', imageless),
      await woo(h, 'product.updated', imageless),
    ];
    assert.deepEqual(
      answers.map((a) => [a.status, a.body['status'], a.body['unchanged']]),
      [
        [200, 'dead_letter', undefined],
        [200, 'dead_letter', true],
        [200, 'dead_letter', true],
      ],
    );
    const count = async () =>
      (await deadLetters(h)).deadLetters.filter((l) => l.body.includes('"product_id":95')).length;
    assert.equal(await count(), 1);
    await woo(h, 'product.updated', imageless.replace(/"name": "[^"]*"/, '"name": "Renamed, still without an image"'));
    assert.equal(await count(), 2);
  });

  it("tells the merchant, once, of a product set back to draft after it was sent: the service's catalog keeps it", async () => {
    const published = freshFixture('woocommerce/product.json').replace('"id": 93', '"id": 96');
    assert.equal((await woo(h, 'product.updated', published)).body['status'], 'queued');
    await until(
      () => h.mock.records('products').some((p) => (p as { product_id: number }).product_id === 96),
      'the product at the service',
    );
    const draft = published.replace('"status": "publish"', '"status": "draft"');
    const withdrawn = async () =>
      (
        (await (await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
          withdrawnProducts: { platform: string; productId: string }[];
        }
      ).withdrawnProducts.filter((w) => w.productId === '96');
    // The delivered digest is written on the loop turn after the delivery: the draft is news from then on.
    await until(
      async () =>
        (await woo(h, 'product.updated', draft)).body['skipped'] !== undefined && (await withdrawn()).length > 0,
      'the withdrawal noticed',
    );
    for (let i = 0; i < 2; i += 1)
      assert.deepEqual((await woo(h, 'product.updated', draft)).body, {
        ok: true,
        skipped: 'status draft: only published products are sent',
      });
    assert.deepEqual(
      (await withdrawn()).map((w) => w.platform),
      ['woocommerce'],
      'once',
    );
  });

  it('sends no version of an order older than one already taken: a validly signed replay changes nothing at the service', async () => {
    const base = freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 932');
    const version = (status: string, modified: string) =>
      base
        .replace(/"status": "[^"]*"/, `"status": "${status}"`)
        .replace(/"date_modified_gmt": "[^"]*"/, `"date_modified_gmt": "${modified}"`);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19);
    const processing = version('processing', at(30));
    const completed = version('completed', at(10));
    assert.equal((await woo(h, 'order.updated', processing)).body['status'], 'queued');
    assert.match(
      String((await woo(h, 'order.updated', completed)).body['status']),
      /^(queued|coalesced)$/,
      'taken: the newer version',
    );
    const order932 = () =>
      h.mock.records('orders').filter((o) => (o as { order_id: number }).order_id === 932) as { status: string }[];
    await until(() => order932().some((o) => o.status === 'completed'), 'the completed version at the service');
    const replay = await woo(h, 'order.updated', processing);
    assert.equal(replay.status, 200, 'a 200, so WooCommerce neither retries nor disables the webhook');
    assert.match(String(replay.body['stale']), /^older than the version already taken \(this one modified /);
    await woo(h, 'order.updated', freshFixture('woocommerce/order-digital.json').replace('"id": 731', '"id": 933'));
    await until(
      () => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === 933),
      'a later order, so the replay had its chance',
    );
    assert.deepEqual(
      order932()
        .map((o) => o.status)
        .at(-1),
      'completed',
    );
  });
});
