import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { CallLog } from '../../../relay/mock-upstream/call-log.js';
import { DEFAULT_FAULTS, mergeFaults, type Faults } from '../../../relay/mock-upstream/faults.js';
import { addInspectionRoutes } from '../../../relay/mock-upstream/inspection-routes.js';
import { MockStore } from '../../../relay/mock-upstream/mock-store.js';
import { createLogger } from '../../../relay/observability/logger.js';

interface Answer {
  status: number;
  type: string | null;
  text: string;
  body: unknown;
}

/** `/_mock/*` alone on a real Koa server over a real store and call log; `changes` counts `onChange`. */
async function inspection(t: TestContext) {
  const store = new MockStore();
  const calls = new CallLog();
  let faults: Faults = DEFAULT_FAULTS;
  const seen = { changes: 0 };
  const router = new Router();
  addInspectionRoutes(router, {
    store,
    calls,
    faults: () => faults,
    setFaults: (update) => (faults = mergeFaults(faults, update)),
    onChange: () => seen.changes++,
  });
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes());
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    type = 'application/json',
  ): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': type } }),
    });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), text, body: JSON.parse(text) };
  };
  return { call, store, calls, seen, url };
}

describe('addInspectionRoutes(router, deps) on a real Koa server', () => {
  it('serves the OpenAPI document with its own address as the server, whatever Origin the request names', async (t) => {
    const { url } = await inspection(t);
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const document = (await (await fetch(`${url}/openapi.json`, { headers })).json()) as {
        servers: { url: string }[];
      };
      assert.deepEqual(
        document.servers.map((s) => s.url),
        [url],
        JSON.stringify(headers),
      );
    }
  });

  it('lists a collection by kind, a 64-bit id written exactly, and refuses any other kind naming query.kind', async (t) => {
    const { call, store } = await inspection(t);
    store.put('order', { order_id: 9007199254740993n, status: 'completed' });
    const orders = await call('GET', '/_mock/records?kind=orders');
    assert.equal(orders.status, 200);
    assert.match(orders.type ?? '', /^application\/json/);
    assert.equal(orders.text, '[{"order_id":9007199254740993,"status":"completed"}]');
    for (const kind of ['', 'customers']) {
      const refused = await call('GET', `/_mock/records${kind ? `?kind=${kind}` : ''}`);
      assert.deepEqual(
        [refused.status, refused.body],
        [
          400,
          {
            error: 'bad_kind',
            message: 'kind must be orders, products or events',
            errors: [{ path: 'query.kind', message: 'must be orders, products or events' }],
          },
        ],
      );
    }
  });

  it('hands over the events held once, telling of a change only when there were some', async (t) => {
    const { call, store, seen } = await inspection(t);
    store.put('event', { user_id: 'u-1', event_name: 'Added To Cart', event: {} });
    const taken = await call('POST', '/_mock/events/take');
    assert.deepEqual(taken.body, [{ user_id: 'u-1', event_name: 'Added To Cart', event: {} }]);
    assert.equal(seen.changes, 1);
    assert.deepEqual((await call('POST', '/_mock/events/take')).body, []);
    assert.equal(seen.changes, 1, 'taking nothing changes nothing');
    assert.equal(((await call('GET', '/_mock/stats')).body as { events: number }).events, 1);
  });

  it('answers the stats with the call totals, the calls, and resets both, telling of the change', async (t) => {
    const { call, store, calls, seen } = await inspection(t);
    store.put('order', { order_id: 1 });
    calls.record({ at: 5, path: '/v1/orders', status: 200 }, 'accepted');
    assert.deepEqual((await call('GET', '/_mock/stats')).body, {
      orders: 1,
      products: 0,
      events: 0,
      visitorsByMonth: {},
      calls: { total: 1, accepted: 1, refused: 0, faulted: 0, dropped: 0 },
    });
    assert.deepEqual((await call('GET', '/_mock/calls')).body, [{ at: 5, path: '/v1/orders', status: 200 }]);
    assert.deepEqual((await call('POST', '/_mock/reset')).body, { ok: true });
    assert.equal(seen.changes, 1);
    assert.deepEqual((await call('GET', '/_mock/calls')).body, []);
    assert.equal(((await call('GET', '/_mock/stats')).body as { orders: number }).orders, 0);
  });

  it('applies a fault update and answers the faults now in force, or refuses it whole naming each field', async (t) => {
    const { call } = await inspection(t);
    const slow = await call('POST', '/_mock/faults', JSON.stringify({ latencyMs: 20, retryAfterSeconds: 3 }));
    assert.deepEqual([slow.status, slow.body], [200, { ...DEFAULT_FAULTS, latencyMs: 20, retryAfterSeconds: 3 }]);
    const refused = await call('POST', '/_mock/faults', JSON.stringify({ failRate: 0.5, mode: 'crash' }));
    assert.deepEqual(
      [refused.status, refused.body],
      [
        400,
        {
          error: 'invalid_faults',
          message: 'fault settings refused',
          errors: [{ path: 'mode', message: 'must be "normal", "drop" or "reset"' }],
        },
      ],
    );
    assert.deepEqual((await call('GET', '/_mock/faults')).body, {
      ...DEFAULT_FAULTS,
      latencyMs: 20,
      retryAfterSeconds: 3,
    });
    const form = await call('POST', '/_mock/faults', 'failRate=1', 'application/x-www-form-urlencoded');
    assert.deepEqual([form.status, (form.body as { error: string }).error], [415, 'unsupported_media_type']);
  });
});
