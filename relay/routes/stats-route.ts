import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { Outbox } from '../outbox/outbox.js';

/** `GET /stats`: distinct visitors per month of delivered events (what the service bills) and the outbox. */
export function statsRoute(options: { outbox: Outbox; worker: DeliveryWorker }) {
  return function stats(ctx: Context): void {
    const counts = options.outbox.counts();
    ctx.body = {
      visitorsByMonth: options.outbox.visitorsByMonth(),
      outbox: counts,
      delivery: { paused: options.worker.paused, reason: options.worker.pauseReason ?? null },
    };
  };
}
