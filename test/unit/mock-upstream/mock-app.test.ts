import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it, type TestContext } from 'node:test';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { DEFAULT_FAULTS, type Faults } from '../../../relay/mock-upstream/faults.js';
import { createMockApp } from '../../../relay/mock-upstream/mock-app.js';
import { MockStore } from '../../../relay/mock-upstream/mock-store.js';
import { order, product, trackingEvent } from '../../helpers/records.js';

const TOKEN = 'mock-service-token-5e2a9c71d0b48f36';
const NOW = Date.parse('2026-11-27T16:10:00Z');

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/** The mock service's app on a real port, on a fixed clock; everything it holds is ended after the test. */
async function mockService(t: TestContext, faults: Partial<Faults> = {}) {
  const store = new MockStore();
  const changes = { count: 0 };
  const mock = createMockApp({
    store,
    token: TOKEN,
    faults: { ...DEFAULT_FAULTS, ...faults },
    now: () => NOW,
    onChange: () => changes.count++,
  });
  const { server, url } = await listen(mock.app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    mock.endHeldCalls();
    server.closeAllConnections();
    await stopListening(server);
  });
  const send = (path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
  const post = async (...args: Parameters<typeof send>): Promise<Answer> => {
    const response = await send(...args);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  };
  return { mock, store, changes, server, url, send, post };
}

describe('createMockApp(options) on a real port', () => {
  it('stores a valid record, answers {ok:true} with the Date of its own clock, and tells of the change', async (t) => {
    const { post, store, changes, mock } = await mockService(t);
    const answer = await post('/v1/orders', order(NOW));
    assert.deepEqual([answer.status, answer.body], [200, { ok: true }]);
    assert.equal(answer.headers.get('date'), 'Fri, 27 Nov 2026 16:10:00 GMT');
    assert.equal((await post('/v1/track', trackingEvent(NOW))).status, 200);
    assert.deepEqual([store.stats().orders, store.stats().events, changes.count], [1, 1, 2]);
    assert.deepEqual(
      mock.calls.list().map((c) => [c.path, c.status]),
      [
        ['/v1/orders', 200],
        ['/v1/track', 200],
      ],
    );
  });

  it('refuses an order or event without a valid bearer token with 400 naming the header, and takes a product without one', async (t) => {
    const { post, store, mock } = await mockService(t);
    const missing = await post('/v1/orders', order(NOW), {});
    assert.deepEqual(
      [missing.status, missing.body],
      [
        400,
        {
          error: 'unauthorized',
          message: 'Authorization: Bearer <token> is required',
          errors: [{ path: 'headers.authorization', message: 'is required' }],
        },
      ],
    );
    const wrong = await post('/v1/track', trackingEvent(NOW), { authorization: `Bearer ${TOKEN}x` });
    assert.deepEqual(
      [wrong.status, wrong.body['message'], wrong.body['errors']],
      [
        400,
        'the bearer token is not valid',
        [{ path: 'headers.authorization', message: 'is not a valid bearer token' }],
      ],
    );
    assert.equal(
      (await post('/v1/orders', order(NOW), { authorization: TOKEN })).status,
      400,
      'the token without Bearer',
    );
    assert.equal((await post('/v1/products/catalog', product(), {})).status, 200);
    assert.equal((await post('/v1/products/catalog', product(), { authorization: 'Bearer wrong' })).status, 400);
    assert.doesNotMatch(missing.text + wrong.text, /mock-service-token/);
    assert.deepEqual([store.stats().orders, store.stats().events, store.stats().products], [0, 0, 1]);
    assert.deepEqual(mock.calls.totals, { total: 5, accepted: 1, refused: 4, faulted: 0, dropped: 0 });
  });

  it('answers every refusal of a /v1 call as 400 with its reason, and other paths with their own status', async (t) => {
    const { post, url } = await mockService(t);
    const invalid = await post('/v1/orders', order(NOW, { currency: 'euros' }));
    assert.deepEqual(
      [invalid.status, invalid.body['error'], invalid.body['message']],
      [400, 'invalid_record', 'order failed validation'],
    );
    assert.deepEqual(
      (invalid.body['errors'] as { path: string }[]).map((e) => e.path),
      ['currency'],
    );
    const form = await post('/v1/orders', 'order_id=1', {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.deepEqual([form.status, form.body['error']], [400, 'unsupported_media_type'], 'a 415 elsewhere');
    const unknown = await fetch(`${url}/v2/orders`);
    assert.deepEqual(
      [unknown.status, await unknown.json()],
      [404, { error: 'not_found', message: 'no route for GET /v2/orders', errors: [] }],
    );
  });

  it('answers calls over the rate limit 429 with Retry-After: 1, storing nothing of them', async (t) => {
    const { post, store, mock } = await mockService(t, { rateLimit: 2 });
    assert.deepEqual(
      [(await post('/v1/orders', order(NOW))).status, (await post('/v1/orders', order(NOW))).status],
      [200, 200],
    );
    const limited = await post('/v1/orders', order(NOW, { order_id: 1002 }));
    assert.deepEqual(
      [limited.status, limited.headers.get('retry-after'), limited.body],
      [429, '1', { error: 'rate_limited', message: 'mock service rate limit: 2 calls per second' }],
    );
    assert.equal(store.records('orders').length, 1);
    assert.deepEqual(
      mock.calls.list().map((c) => c.status),
      [200, 200, 429],
    );
    assert.equal(mock.calls.totals.faulted, 1);
  });

  it('injects the failure status set, with the Retry-After set and none when cleared, and stores nothing', async (t) => {
    const { post, store, mock } = await mockService(t, { failRate: 1, failStatus: 503, retryAfterSeconds: 7 });
    const failed = await post('/v1/orders', order(NOW));
    assert.deepEqual(
      [failed.status, failed.headers.get('retry-after'), failed.body],
      [503, '7', { error: 'injected_fault', message: 'mock service fault (503)' }],
    );
    mock.setFaults({ retryAfterSeconds: null } as unknown as Partial<Faults>);
    const bare = await post('/v1/orders', order(NOW));
    assert.deepEqual([bare.status, bare.headers.get('retry-after')], [503, null]);
    mock.setFaults({ failRate: 0 });
    assert.equal((await post('/v1/orders', order(NOW))).status, 200);
    assert.equal(store.records('orders').length, 1);
    assert.deepEqual(mock.calls.totals, { total: 3, accepted: 1, refused: 0, faulted: 2, dropped: 0 });
  });

  it('drops the connection without an answer in drop mode, and in reset mode stores the record and breaks the answer', async (t) => {
    const { send, store, mock } = await mockService(t, { mode: 'drop' });
    await assert.rejects(send('/v1/orders', order(NOW)));
    assert.equal(store.records('orders').length, 0);
    assert.equal(mock.calls.list().at(-1)?.status, 0);
    mock.setFaults({ mode: 'reset' });
    await assert.rejects(send('/v1/orders', order(NOW)).then((response) => response.text()));
    assert.equal(store.records('orders').length, 1, 'the service has it, the caller cannot know');
    assert.deepEqual(mock.calls.totals, { total: 2, accepted: 0, refused: 0, faulted: 0, dropped: 2 });
  });

  it('ends a call held by latencyMs at once when told to end held calls, storing nothing', async (t) => {
    const { send, server, store, mock } = await mockService(t, { latencyMs: 60_000 });
    const arrived = once(server, 'request');
    const held = send('/v1/orders', order(NOW));
    await arrived;
    mock.endHeldCalls();
    const answer = await held;
    assert.deepEqual(
      [answer.status, await answer.json()],
      [500, { error: 'internal_error', message: 'internal error' }],
    );
    assert.equal(store.records('orders').length, 0);
  });

  it('answers a call held by latencyMs as soon as the latency is set again, storing the record', async (t) => {
    const { send, server, store, mock } = await mockService(t, { latencyMs: 60_000 });
    const arrived = once(server, 'request');
    const held = send('/v1/orders', order(NOW));
    await arrived;
    assert.equal(mock.calls.list().length, 0);
    mock.setFaults({ latencyMs: 0 });
    assert.equal((await held).status, 200);
    assert.equal(store.records('orders').length, 1);
  });
});
