import { Gauge } from 'prom-client';
import type { Context } from 'koa';
import type { Metrics } from '../observability/metrics.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';

/** The delivery state the gauges show, read from the worker at scrape time. */
export type DeliveryState = Pick<DeliveryWorker, 'concurrency' | 'paused' | 'unreachable'>;

/**
 * Sets the delivery gauges of `/metrics` from the worker's state when scraped (pulled, as
 * Prometheus does): the worker announces records, and knows nothing of the metrics.
 */
export function refreshDeliveryGauges(metrics: Metrics, worker: DeliveryState): void {
  const { limit, reason, observedMs } = worker.concurrency;
  metrics.concurrency.reset();
  metrics.concurrency.set({ reason }, limit);
  if (observedMs !== undefined) metrics.observedLatency.set(observedMs / 1000);
  metrics.unreachable.set(worker.unreachable ? 1 : 0);
  metrics.paused.set(worker.paused ? 1 : 0);
}

/**
 * `GET /metrics` in Prometheus text. The outbox gauges are read from the database at scrape time,
 * so they hold across restarts: `accepted == delivered + queued + dead` can be checked from them.
 */
export function metricsRoute(options: {
  metrics: Metrics;
  outbox: Pick<OutboxStatus, 'counts'>;
  worker: DeliveryState;
}) {
  const registers = [options.metrics.registry];
  const records = new Gauge({
    name: 'shopbeacon_outbox_records',
    help: 'Records in the outbox by kind and state',
    labelNames: ['kind', 'state'],
    registers,
  });
  const totals = new Gauge({
    name: 'shopbeacon_outbox_totals',
    help: 'Records ever accepted, delivered and coalesced (persisted)',
    labelNames: ['name'],
    registers,
  });
  const oldest = new Gauge({
    name: 'shopbeacon_outbox_oldest_age_seconds',
    help: 'Age of the oldest queued record',
    registers,
  });
  return async function metrics(ctx: Context): Promise<void> {
    const counts = await options.outbox.counts();
    for (const state of ['queued', 'dead'] as const) {
      for (const [kind, n] of Object.entries(counts[state])) records.set({ kind, state }, n);
    }
    totals.set({ name: 'accepted' }, counts.accepted);
    totals.set({ name: 'delivered' }, counts.delivered);
    totals.set({ name: 'coalesced' }, counts.coalesced);
    oldest.set(counts.oldestQueuedAt === undefined ? 0 : (Date.now() - counts.oldestQueuedAt) / 1000);
    refreshDeliveryGauges(options.metrics, options.worker);
    ctx.type = options.metrics.registry.contentType;
    ctx.body = await options.metrics.registry.metrics();
  };
}
