import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { type DeliveryState, metricsRoute, refreshDeliveryGauges } from '../../../relay/operations/metrics-route.js';
import { createMetrics } from '../../../relay/observability/metrics.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { outboxEvent, outboxOrder } from '../../helpers/outbox-records.js';
import type { ConcurrencyView } from '../../../relay/delivery/adaptive-concurrency.js';

/** The worker's state as the gauges read it at scrape time: the seam, changed by the test between scrapes. */
function workerState(): DeliveryState {
  return {
    paused: false,
    unreachable: undefined,
    concurrency: { limit: 4, max: 32, reason: 'start', observedMs: undefined, baselineMs: undefined },
  };
}

/** `GET /metrics` on a real Koa server over a real SQLite outbox in a temp folder whose clock is `at`. */
async function scraped(t: TestContext, at: () => number = Date.now) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-metrics-route-'));
  const outbox = new SqliteOutbox({ dataDir, now: at });
  const worker = workerState();
  const app = new Koa();
  const route = metricsRoute({ metrics: createMetrics(), outbox, worker });
  app.use((ctx) => route(ctx));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    await stopListening(server);
    outbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const scrape = async () => {
    const response = await fetch(`${url}/metrics`);
    return { type: response.headers.get('content-type'), text: await response.text() };
  };
  return { outbox, worker, scrape };
}

/** The value of one sample of the Prometheus text, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metricsRoute({ metrics, outbox, worker }) on a real Koa server', () => {
  it('reads the outbox gauges from the database at each scrape, by kind and state, with the persisted totals', async (t) => {
    const { outbox, scrape } = await scraped(t);
    const empty = await scrape();
    assert.match(empty.type ?? '', /^text\/plain; version=0\.0\.4/);
    assert.equal(sample(empty.text, 'shopbeacon_outbox_records{kind="event",state="queued"}'), 0);
    await outbox.enqueue([outboxEvent('evt-1'), outboxEvent('evt-2'), outboxOrder(1001, 'completed')]);
    await outbox.enqueue([outboxOrder(1001, 'refunded')]);
    const [first] = outbox.due(Date.now() + 1, 1, new Set());
    outbox.deadLetter([first?.id ?? 0], '400 invalid_record');
    const { text } = await scrape();
    assert.deepEqual(
      [
        'shopbeacon_outbox_records{kind="event",state="queued"}',
        'shopbeacon_outbox_records{kind="event",state="dead"}',
        'shopbeacon_outbox_records{kind="order",state="queued"}',
        'shopbeacon_outbox_records{kind="product",state="dead"}',
        'shopbeacon_outbox_totals{name="accepted"}',
        'shopbeacon_outbox_totals{name="delivered"}',
        'shopbeacon_outbox_totals{name="coalesced"}',
      ].map((series) => sample(text, series)),
      [1, 1, 1, 0, 3, 0, 1],
    );
  });

  it('gives the age of the oldest queued record in seconds, and 0 with none queued', async (t) => {
    const { outbox, scrape } = await scraped(t, () => Date.now() - 90_000);
    assert.equal(sample((await scrape()).text, 'shopbeacon_outbox_oldest_age_seconds'), 0);
    await outbox.enqueue([outboxEvent('evt-1')]);
    const age = sample((await scrape()).text, 'shopbeacon_outbox_oldest_age_seconds') ?? 0;
    assert.ok(age >= 90 && age < 120, `the oldest record waited 90 s: ${age}`);
  });

  it("shows the worker's state as it is at each scrape: paused, unreachable, the limit under its latest reason alone", async (t) => {
    const { worker, scrape } = await scraped(t);
    const before = (await scrape()).text;
    assert.deepEqual(
      [
        'shopbeacon_delivery_paused',
        'shopbeacon_delivery_service_unreachable',
        'shopbeacon_delivery_concurrency_limit{reason="start"}',
      ].map((series) => sample(before, series)),
      [0, 0, 4],
    );
    Object.assign(worker, {
      paused: true,
      unreachable: { since: Date.now(), reason: 'connect ECONNREFUSED' },
      concurrency: { ...worker.concurrency, limit: 2, reason: 'rate limited (429)', observedMs: 250 },
    });
    const after = (await scrape()).text;
    assert.deepEqual(
      [
        'shopbeacon_delivery_paused',
        'shopbeacon_delivery_service_unreachable',
        'shopbeacon_delivery_concurrency_limit{reason="rate limited (429)"}',
        'shopbeacon_delivery_concurrency_limit{reason="start"}',
        'shopbeacon_delivery_observed_latency_seconds',
      ].map((series) => sample(after, series)),
      [1, 1, 2, undefined, 0.25],
    );
  });
});

/** The worker as the gauges read it: a limiter's view, paused or not, the circuit open or not. */
function worker(concurrency: Partial<ConcurrencyView> = {}, state: Partial<DeliveryState> = {}): DeliveryState {
  return {
    concurrency: { limit: 1, max: 64, reason: 'start', observedMs: undefined, baselineMs: undefined, ...concurrency },
    paused: false,
    unreachable: undefined,
    ...state,
  };
}

/** The `/metrics` lines of the delivery gauges, without their HELP and TYPE lines. */
async function deliveryLines(metrics: ReturnType<typeof createMetrics>): Promise<string[]> {
  const text = await metrics.registry.metrics();
  return text.split('\n').filter((line) => line.startsWith('shopbeacon_delivery_'));
}

describe('refreshDeliveryGauges(metrics, worker)', () => {
  it("shows the limit labelled with why it last moved, the earlier reason's series gone", async () => {
    const metrics = createMetrics();
    refreshDeliveryGauges(metrics, worker({ limit: 8, reason: 'latency flat' }));
    refreshDeliveryGauges(metrics, worker({ limit: 7, reason: 'rate limited (429)' }));
    const limits = (await deliveryLines(metrics)).filter((l) => l.startsWith('shopbeacon_delivery_concurrency_limit'));
    assert.deepEqual(limits, ['shopbeacon_delivery_concurrency_limit{reason="rate limited (429)"} 7']);
  });

  it('shows the observed latency in seconds, and keeps the last one through a scrape whose window measured none', async () => {
    const metrics = createMetrics();
    refreshDeliveryGauges(metrics, worker({ observedMs: 250 }));
    assert.ok((await deliveryLines(metrics)).includes('shopbeacon_delivery_observed_latency_seconds 0.25'));
    refreshDeliveryGauges(metrics, worker({ observedMs: undefined }));
    assert.ok((await deliveryLines(metrics)).includes('shopbeacon_delivery_observed_latency_seconds 0.25'));
  });

  it('shows 1 while the service is unreachable or delivery is paused, and 0 again once it is not', async () => {
    const metrics = createMetrics();
    const flags = async () =>
      (await deliveryLines(metrics)).filter((l) => /^shopbeacon_delivery_(service_unreachable|paused) /.test(l));
    refreshDeliveryGauges(metrics, worker({}, { unreachable: { since: 1, reason: 'ECONNREFUSED' }, paused: false }));
    assert.deepEqual(await flags(), ['shopbeacon_delivery_service_unreachable 1', 'shopbeacon_delivery_paused 0']);
    refreshDeliveryGauges(metrics, worker({}, { unreachable: undefined, paused: true }));
    assert.deepEqual(await flags(), ['shopbeacon_delivery_service_unreachable 0', 'shopbeacon_delivery_paused 1']);
  });
});
