import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { Metrics } from './metrics.js';

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
