import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { webhookRoute, signatureMatches } from '../../../relay/webhooks/webhook-route.js';
import { WebhookHealth } from '../../../relay/webhooks/webhook-health.js';
import { WOOCOMMERCE } from '../../../relay/platforms/woocommerce/woocommerce-platform.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { createPark } from '../../../relay/pipeline/park.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { freshFixture, sign } from '../../helpers/platform-fixtures.js';
import { postWebhook } from '../../helpers/webhook-post.js';
import { memoryParkState } from '../../helpers/memory-park-state.js';
import { createHmac } from 'node:crypto';
import type { Platform } from '../../../relay/platforms/platform.js';

const SECRET = 'wc-webhook-secret-3f9a';

/** `POST /webhooks/woocommerce` alone on a real Koa server, over an in-memory outbox: what it stores, parks and answers. */
describe('webhookRoute (relay/webhooks/webhook-route.ts)', () => {
  const stored: OutboxRecord[] = [];
  const parked: OutboxRecord[] = [];
  const steps: RecordStep[] = [];
  let server: Server;
  let url = '';
  const post = (body: string, topic = 'order.created', signature = sign(body, SECRET)) =>
    postWebhook(`${url}/`, body, {
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-signature': signature,
      'x-wc-webhook-delivery-id': `d-${steps.length}`,
    });

  before(async () => {
    const events = new RecordEvents();
    events.subscribe((step) => steps.push(step));
    const accept = createAccept({
      enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
      events,
      onEnqueued: () => undefined,
    });
    const park = createPark({
      outbox: { enqueueDead: async (refused) => void parked.push(...refused.map((r) => r.record)) },
      events,
      logger: { warn: () => undefined },
      state: memoryParkState(),
    });
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    const route = webhookRoute(WOOCOMMERCE, {
      secret: SECRET,
      settings: { currency: 'EUR' },
      accept,
      park,
      events,
      logger: createLogger('silent'),
      health: new WebhookHealth(),
    });
    app.use((ctx) => route(ctx));
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  it("takes a signed order, mapped to the service's record, and announces it", async () => {
    const answer = await post(freshFixture('woocommerce/order-variation.json'));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.kind, 'order');
    assert.equal(typeof stored[0]?.body['order_id'], 'number');
    assert.equal(steps.at(-1)?.state, 'accepted');
  });

  it('refuses a body whose signature does not match with 401, storing nothing, and a signed body that is not JSON with 400', async () => {
    const before = stored.length;
    const forged = await post(
      freshFixture('woocommerce/order-variation.json'),
      'order.created',
      sign('another body', SECRET),
    );
    assert.equal(forged.status, 401);
    assert.equal(forged.body['error'], 'invalid_signature');
    const unreadable = await post('{"id":', 'order.created');
    assert.equal(unreadable.status, 400);
    assert.equal(stored.length, before);
  });

  it('keeps a signed order that maps to no valid record as a dead letter and answers 200', async () => {
    const order = JSON.parse(freshFixture('woocommerce/order-variation.json')) as Record<string, unknown>;
    const answer = await post(JSON.stringify({ ...order, currency: 'not a currency' }));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(parked.length, 1);
  });

  it('answers a topic it does not forward with 200, dropping it with the reason, so the platform does not retry it for hours', async () => {
    const before = stored.length;
    const answer = await post('{"id":7}', 'coupon.created');
    assert.equal(answer.status, 200);
    assert.equal(stored.length, before);
    assert.match(String(steps.at(-1)?.detail), /topic coupon\.created is not forwarded/);
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from('{"id":1001,"status":"processing"}');
  const signed = createHmac('sha256', SECRET).update(body).digest('base64');

  it('match the base64 HMAC-SHA256 of the exact bytes received', () => {
    assert.equal(signatureMatches(body, signed, SECRET), true);
    assert.equal(signatureMatches(body, ` ${signed}\n`, SECRET), true, 'around the header: whitespace a proxy may add');
  });

  it('fail for another secret, the same JSON with other whitespace, or no signature', () => {
    assert.equal(signatureMatches(body, signed, 'another-secret'), false);
    assert.equal(signatureMatches(Buffer.from('{"id": 1001, "status": "processing"}'), signed, SECRET), false);
    assert.equal(signatureMatches(body, '', SECRET), false);
  });
});

describe('WebhookHealth', () => {
  const woo = { label: 'WooCommerce', source: 'WooCommerce', retriesDeliveries: false } as unknown as Platform;
  const shopify = { label: 'Shopify', source: 'Shopify', retriesDeliveries: true } as unknown as Platform;

  it('says a platform that does not retry is losing deliveries, and one that retries only that they are refused', () => {
    const health = new WebhookHealth();
    health.refusedDelivery(woo, Date.UTC(2026, 10, 27));
    assert.equal(health.refusedDelivery(woo, Date.UTC(2026, 10, 27, 1)), 2);
    health.refusedDelivery(shopify, Date.UTC(2026, 10, 27));
    assert.deepEqual(health.problems(), [
      'WooCommerce webhook deliveries are being LOST: 2 refused since 2026-11-27T00:00:00.000Z (WooCommerce does not retry, and disables the webhook after 5 failures)',
      'Shopify webhook deliveries are refused: 1 since 2026-11-27T00:00:00.000Z (the platform retries)',
    ]);
  });

  it('forgets a platform once a delivery is taken again', () => {
    const health = new WebhookHealth();
    health.refusedDelivery(woo);
    health.tookDelivery(woo);
    assert.deepEqual(health.problems(), []);
  });
});
