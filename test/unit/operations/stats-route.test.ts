import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import type { DeliveryWorker } from '../../../relay/delivery/delivery-worker.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { statsRoute, type StatsSources } from '../../../relay/operations/stats-route.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { emptyStatus } from '../../../relay/sync/sync-status.js';
import { outboxEvent, outboxOrder } from '../../helpers/outbox-records.js';

/** The worker's state as `/stats` reads it: the seam, not a running worker. */
const worker = (state: Partial<Pick<DeliveryWorker, 'paused' | 'pauseReason' | 'unreachable'>> = {}) =>
  ({
    paused: false,
    inFlightCount: 2,
    concurrency: { limit: 6, max: 32, reason: 'latency flat', observedMs: 41.26, baselineMs: 40 },
    ...state,
  }) as unknown as DeliveryWorker;

/** `GET /stats` on a real Koa server over a real SQLite outbox in a temp folder; answers its JSON. */
async function stats(t: TestContext, sources: Partial<StatsSources> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-stats-route-'));
  const outbox = new SqliteOutbox({ dataDir });
  const app = new Koa();
  const route = statsRoute({
    outbox,
    worker: worker(),
    visitorsByMonth: async () => ({ '2026-11': 12 }),
    syncStatuses: () => [],
    ...sources,
  });
  app.use((ctx) => route(ctx));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    await stopListening(server);
    outbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const read = async () => {
    const response = await fetch(`${url}/stats`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { outbox, read };
}

describe('statsRoute(sources) on a real Koa server', () => {
  it("answers this relay's billed visitors by month, the outbox's counts and delivery with its limiter", async (t) => {
    const { outbox, read } = await stats(t);
    await outbox.enqueue([outboxEvent('evt-1'), outboxOrder(1001, 'completed')]);
    const { status, body } = await read();
    assert.equal(status, 200);
    assert.deepEqual(body['visitorsByMonth'], { '2026-11': 12 });
    const counts = body['outbox'] as { queued: unknown; dead: unknown; accepted: number; oldestQueuedAt: number };
    assert.deepEqual(
      [counts.queued, counts.dead, counts.accepted],
      [{ event: 1, order: 1, product: 0 }, { event: 0, order: 0, product: 0 }, 2],
    );
    assert.equal(typeof counts.oldestQueuedAt, 'number');
    assert.deepEqual(body['delivery'], {
      paused: false,
      reason: null,
      unreachableSince: null,
      inFlight: 2,
      concurrency: { limit: 6, max: 32, reason: 'latency flat', latencyMs: 41.3 },
    });
  });

  it('says why delivery is paused and since when the service is unreachable', async (t) => {
    const since = Date.parse('2026-11-27T16:00:00Z');
    const { read } = await stats(t, {
      worker: worker({
        paused: true,
        pauseReason: 'the service refused the token (401)',
        unreachable: { since, reason: 'connect ECONNREFUSED' },
      }),
    });
    const delivery = (await read()).body['delivery'] as Record<string, unknown>;
    assert.deepEqual(
      [delivery['paused'], delivery['reason'], delivery['unreachableSince']],
      [true, 'the service refused the token (401)', since],
    );
  });

  it('keys each sync by its platform, and answers the optional figures as given, or empty without their source', async (t) => {
    const woo = { ...emptyStatus('woocommerce', 300_000, true), sent: 3 };
    const presta = emptyStatus('prestashop', 600_000, false);
    const withdrawn = [{ platform: 'woocommerce', productId: '501', reason: 'status draft', at: 1 }];
    const full = await stats(t, {
      syncStatuses: () => [woo, presta],
      withdrawnProducts: () => withdrawn,
      newVisitors: () => ({ thisHour: 4, lastHour: 9 }),
      coverage: async () => ({ woocommerce: { storefrontOrders: 3, joined: 3 } }),
    });
    const body = (await full.read()).body;
    assert.deepEqual(body['sync'], { woocommerce: woo, prestashop: presta });
    assert.deepEqual(
      [body['withdrawnProducts'], body['newVisitors'], body['coverage']],
      [withdrawn, { thisHour: 4, lastHour: 9 }, { woocommerce: { storefrontOrders: 3, joined: 3 } }],
    );
    const bare = (await (await stats(t)).read()).body;
    assert.deepEqual(
      [bare['sync'], bare['withdrawnProducts'], bare['newVisitors'], bare['coverage']],
      [{}, [], null, null],
    );
  });
});
