import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { postWebhook } from '../helpers/webhook-post.js';
import { serviceText, shopify, webhookRelay, woo, WOO_SECRET } from '../helpers/signed-webhooks.js';
import { freshFixture, sign } from '../helpers/platform-fixtures.js';
import { ADMIN_KEY, until } from '../helpers/relay-harness.js';

describe('POST /webhooks/woocommerce and /webhooks/shopify', () => {
  const h = webhookRelay();

  it('delivers a signed WooCommerce order with a variation line item to the service, exactly as mapped', async () => {
    const answer = await woo(h, 'order.created', freshFixture('woocommerce/order-variation.json'));
    assert.equal(answer.status, 200);
    assert.equal(answer.body['status'], 'queued');
    await until(
      () => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === 727),
      'order 727 at the service',
    );
    const order = h.mock.records('orders').find((o) => (o as { order_id: number }).order_id === 727) as Record<
      string,
      unknown
    >;
    assert.equal(order['city'], 'Berlin');
    assert.equal(order['order_value'], 65.81);
    assert.deepEqual(
      (order['line_items'] as Record<string, unknown>[]).map((li) => [
        li['line_item_product_id'],
        li['line_item_variation_id'],
      ]),
      [
        [93, 101],
        [22, undefined],
      ],
    );
  });

  it('delivers a Shopify order with the exact 64-bit digits of its ids, and a product with its link', async () => {
    assert.equal((await shopify(h, 'orders/paid', freshFixture('shopify/order-paid.json'))).status, 200);
    assert.equal((await shopify(h, 'products/update', freshFixture('shopify/product.json'))).status, 200);
    await until(
      () => serviceText(h, 'orders').includes('"order_id":820982911946154508,'),
      'the Shopify order, id exact',
    );
    await until(
      () => serviceText(h, 'products').includes('"product_id":788032119674292922,'),
      'the Shopify product, id exact',
    );
    assert.match(serviceText(h, 'orders'), /"line_item_product_id":9007199254740993,/);
    assert.match(serviceText(h, 'products'), /"link":"https:\/\/snowdevil\.example\/products\/example-t-shirt"/);
    assert.match(serviceText(h, 'products'), /"currency":"EUR"/);
  });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const body = freshFixture('woocommerce/order-digital.json');
    const before = (await (
      await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).json()) as { outbox: { accepted: number } };
    assert.equal((await woo(h, 'order.created', body, sign(body, 'another-secret'))).status, 401);
    assert.equal((await woo(h, 'order.created', body, '')).status, 401);
    const wrongShopify = await postWebhook(`${h.url}/webhooks/shopify`, body, {
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': sign(body, WOO_SECRET),
    });
    assert.equal(wrongShopify.status, 401);
    const afterwards = (await (
      await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).json()) as {
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
    const metrics = await (
      await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).text();
    const count = (platform: string, result: string) =>
      Number(
        new RegExp(`^shopbeacon_webhooks_total\\{platform="${platform}",result="${result}"\\} (\\d+)$`, 'm').exec(
          metrics,
        )?.[1] ?? 0,
      );
    assert.ok(count('woocommerce', 'queued') >= 1, 'the order delivered above');
    assert.ok(count('woocommerce', 'unauthorized') >= 3, 'the wrong, missing and re-serialized signatures');
    assert.equal(count('shopify', 'unauthorized'), 1);
    assert.equal(count('woocommerce', 'ping'), 1);
  });

  it('answers 200 to deletions, variations, drafts and other topics, forwarding none of them', async () => {
    const before = h.mock.records('products').length;
    const answers = [
      await woo(h, 'product.deleted', '{"id":93}'),
      await woo(h, 'product.updated', freshFixture('woocommerce/product-variation.json')),
      await woo(
        h,
        'product.updated',
        freshFixture('woocommerce/product.json').replace('"status": "publish"', '"status": "draft"'),
      ),
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
    const metrics = await (
      await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).text();
    assert.match(metrics, /shopbeacon_webhooks_total\{platform="woocommerce",result="ignored"\} 1/);
    assert.equal(h.mock.records('products').length, before);
  });
});
