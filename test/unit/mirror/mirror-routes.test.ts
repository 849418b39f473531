import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { addMirrorRoutes, MAX_RECORDS_PER_CALL, type MirrorOptions } from '../../../relay/mirror/mirror-routes.js';
import { createLogger } from '../../../relay/observability/logger.js';
import type { EnqueueResult, OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';
import { order, trackingEvent } from '../../helpers/records.js';
import { testDoor } from '../../helpers/visitor-door.js';

const ADMIN_KEY = 'mirror-admin-key-7c41e9a0b2d86f35';
const INGEST_KEY = 'mirror-ingest-key-3b8d0f6a91c2e475';
const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Answer {
  status: number;
  challenge: string | null;
  body: Record<string, unknown>;
  text: string;
}

/**
 * The mirror's routes alone on a real Koa server, over an in-memory outbox that answers a repeated
 * key as a duplicate (an event) or a coalesce (an order): what it stores, announces and answers.
 */
async function mirror(t: TestContext, overrides: Partial<MirrorOptions> = {}) {
  const stored: OutboxRecord[] = [];
  const steps: RecordStep[] = [];
  const events = new RecordEvents();
  events.subscribe((step) => steps.push(step));
  const seen = new Set<string>();
  const enqueueOnce = async (records: OutboxRecord[]): Promise<EnqueueResult[]> =>
    records.map((record) => {
      if (seen.has(record.key)) return record.kind === 'event' ? 'duplicate' : 'coalesced';
      seen.add(record.key);
      stored.push(record);
      return 'queued';
    });
  const accept = createAccept({ enqueueOnce, events, onEnqueued: () => undefined });
  const router = new Router();
  const door = testDoor();
  t.after(() => door.close());
  addMirrorRoutes(router, {
    accept,
    events,
    adminKey: ADMIN_KEY,
    ingestKey: INGEST_KEY,
    failures: new KeyFailures(),
    newVisitors: door.newVisitors,
    keepBots: false,
    now: Date.now,
    ...overrides,
  });
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes());
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  const post = async (
    path: string,
    body: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${ADMIN_KEY}` },
  ): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  };
  return { post, stored, steps };
}

describe('addMirrorRoutes(router, options) on a real Koa server', () => {
  it('takes the ingest key on /v1/track alone and refuses it on orders and products with 401, never echoing a key', async (t) => {
    const { post, stored } = await mirror(t);
    const ingest = { authorization: `Bearer ${INGEST_KEY}` };
    assert.equal((await post('/v1/track', trackingEvent(), ingest)).status, 202);
    const orders = await post('/v1/orders', order(), ingest);
    assert.deepEqual(
      [orders.status, orders.challenge, orders.body['error']],
      [401, 'Bearer realm="shopbeacon"', 'unauthorized'],
    );
    assert.equal(orders.body['message'], 'a valid key is required (Authorization: Bearer <SHOPBEACON_ADMIN_KEY>)');
    assert.equal((await post('/v1/products/catalog', { product_id: 1 }, ingest)).status, 401);
    const keyless = await post('/v1/track', trackingEvent(), {});
    assert.equal(keyless.status, 401);
    assert.doesNotMatch(orders.text + keyless.text, /mirror-(admin|ingest)-key/);
    assert.deepEqual(
      stored.map((r) => r.kind),
      ['event'],
    );
  });

  it('answers one record 202 queued, a repeat of it 202 with the duplicate counted, and a coalesced order as queued', async (t) => {
    const { post } = await mirror(t);
    const event = trackingEvent(Date.now(), { event_id: 'evt-mirror-0001' });
    assert.deepEqual((await post('/v1/track', event)).body, { queued: 1 });
    assert.deepEqual(await post('/v1/track', event).then((a) => [a.status, a.body]), [
      202,
      { queued: 0, duplicate: 1 },
    ]);
    assert.deepEqual((await post('/v1/orders', order())).body, { queued: 1 });
    assert.deepEqual(
      await post('/v1/orders', order(Date.now(), { status: 'refunded' })).then((a) => [a.status, a.body]),
      [202, { queued: 1 }],
    );
  });

  it('refuses one invalid record with 400 invalid_record naming its fields', async (t) => {
    const { post, stored } = await mirror(t);
    const answer = await post('/v1/orders', order(Date.now(), { currency: 'euros' }));
    assert.equal(answer.status, 400);
    assert.equal(answer.body['error'], 'invalid_record');
    assert.equal(answer.body['message'], 'order failed validation');
    assert.deepEqual(
      (answer.body['errors'] as { path: string }[]).map((e) => e.path),
      ['currency'],
    );
    assert.equal(stored.length, 0);
  });

  it('refuses an empty array with 400 and one over the batch limit with 413, both bad_batch', async (t) => {
    const { post, stored } = await mirror(t);
    const empty = await post('/v1/track', []);
    assert.deepEqual(
      [empty.status, empty.body],
      [400, { error: 'bad_batch', message: `an array must hold 1 to ${MAX_RECORDS_PER_CALL} records` }],
    );
    const events = Array.from({ length: MAX_RECORDS_PER_CALL + 1 }, (_, i) =>
      trackingEvent(Date.now(), { user_id: `u-${i}` }),
    );
    const tooMany = await post('/v1/track', events);
    assert.deepEqual([tooMany.status, tooMany.body['error']], [413, 'bad_batch']);
    assert.equal((await post('/v1/track', events.slice(0, MAX_RECORDS_PER_CALL))).status, 202);
    assert.equal(stored.length, MAX_RECORDS_PER_CALL);
  });

  it("answers a batch with each record's result by index: a shopper bot dropped, a refusal with its errors, the rest queued", async (t) => {
    const { post, stored, steps } = await mirror(t);
    const bot = trackingEvent(Date.now(), { user_id: 'u-bot', visitor_agent: BOT_AGENT });
    const bad = trackingEvent(Date.now(), { user_id: 'u-bad', event_name: 42 });
    const answer = await post('/v1/track', [trackingEvent(), bot, bad]);
    assert.equal(answer.status, 202);
    const results = answer.body['results'] as { index: number; status: string; errors?: unknown[] }[];
    assert.deepEqual(
      { ...answer.body, results: results.map(({ index, status }) => ({ index, status })) },
      {
        queued: 1,
        rejected: 1,
        dropped: 1,
        results: [
          { index: 0, status: 'queued' },
          { index: 1, status: 'dropped' },
          { index: 2, status: 'rejected' },
        ],
      },
    );
    assert.ok((results[2]?.errors ?? []).length > 0);
    assert.deepEqual(
      stored.map((r) => r.body['user_id']),
      ['u_ada'],
    );
    assert.deepEqual(
      steps.find((s) => s.userId === 'u-bot'),
      {
        state: 'dropped',
        source: 'mirror',
        kind: 'event',
        userId: 'u-bot',
        eventName: 'Added To Cart',
        detail: 'bot',
        body: bot,
      },
      'with its body: a bot dropped Order Completed is the cause its order goes unjoined',
    );
  });

  it('answers 400 invalid_records when every record of a batch is refused, and keeps bots with keepBots', async (t) => {
    const { post } = await mirror(t);
    const none = await post('/v1/track', [{ event_name: 1 }, { event_name: 2 }]);
    assert.equal(none.status, 400);
    assert.deepEqual(
      [none.body['error'], none.body['message'], none.body['queued'], none.body['rejected']],
      ['invalid_records', 'every record was refused: see results[].errors', 0, 2],
    );
    const lone = await post('/v1/track', trackingEvent(Date.now(), { visitor_agent: BOT_AGENT }));
    assert.deepEqual([lone.status, lone.body], [202, { queued: 0, dropped: 1 }]);
    const keeping = await mirror(t, { keepBots: true });
    const kept = await keeping.post('/v1/track', trackingEvent(Date.now(), { visitor_agent: BOT_AGENT }));
    assert.deepEqual(kept.body, { queued: 1 });
    assert.equal(keeping.stored[0]?.body['visitor_agent'], undefined, 'the shopper agent never reaches the service');
  });

  it('takes a new visitor from the shopper address of a kept event only, never of a bot', async (t) => {
    const counted: string[] = [];
    const door = testDoor(
      { perHour: 10 },
      { onCount: (result, n, client) => counted.push(`${result} ${n} ${client}`) },
    );
    t.after(() => door.close());
    const { post } = await mirror(t, { newVisitors: door.newVisitors });
    const at = { visitor_ip: '203.0.113.9' };
    await post('/v1/track', [
      trackingEvent(Date.now(), { ...at, user_id: 'u-bot', visitor_agent: BOT_AGENT }),
      trackingEvent(Date.now(), { ...at, user_id: 'u-shopper' }),
    ]);
    assert.deepEqual(counted, ['taken 1 203.0.113.9']);
  });

  it('names the way in from Shopbeacon-Source and -Platform, and refuses a source or platform it does not know', async (t) => {
    const { post, steps } = await mirror(t);
    const auth = { authorization: `Bearer ${ADMIN_KEY}` };
    const imported = await post('/v1/orders', order(), {
      ...auth,
      'shopbeacon-source': 'import',
      'shopbeacon-platform': 'woocommerce',
    });
    assert.equal(imported.status, 202);
    assert.deepEqual([steps.at(-1)?.source, steps.at(-1)?.platform], ['import', 'woocommerce']);
    const sync = await post('/v1/orders', order(), { ...auth, 'shopbeacon-source': 'sync' });
    assert.deepEqual(
      [sync.status, sync.body],
      [400, { error: 'bad_header', message: 'Shopbeacon-Source must be import or backfill' }],
    );
    const platform = await post('/v1/orders', order(), {
      ...auth,
      'shopbeacon-source': 'backfill',
      'shopbeacon-platform': 'Woo Commerce',
    });
    assert.deepEqual(
      [platform.status, platform.body['message']],
      [400, 'Shopbeacon-Platform must be a platform name such as woocommerce'],
    );
    assert.equal(steps.length, 1, 'a refused header stores and announces nothing');
  });

  it('reads a 64-bit order id exactly, past 2^53, where a double would round it', async (t) => {
    const { post, stored } = await mirror(t);
    const text = JSON.stringify(order(Date.now(), { order_id: 0 })).replace(
      '"order_id":0',
      '"order_id":9007199254740993',
    );
    assert.equal((await post('/v1/orders', text)).status, 202);
    assert.equal(stored[0]?.body['order_id'], 9007199254740993n);
  });
});
