import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import { concurrencyWire } from '../debug/debug-snapshot.js';

/** `GET /stats`: distinct visitors per month of delivered events (what the service bills) and the outbox. */
export function statsRoute(options: { outbox: OutboxStatus; worker: DeliveryWorker; visitorsByMonth: () => Promise<Record<string, number>> }) {
  return async function stats(ctx: Context): Promise<void> {
    const counts = await options.outbox.counts();
    ctx.body = {
      visitorsByMonth: await options.visitorsByMonth(),
      outbox: counts,
      delivery: {
        paused: options.worker.paused,
        reason: options.worker.pauseReason ?? null,
        unreachableSince: options.worker.unreachable?.since ?? null,
        inFlight: options.worker.inFlightCount,
        concurrency: concurrencyWire(options.worker.concurrency),
      },
    };
  };
}
