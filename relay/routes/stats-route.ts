import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { Outbox } from '../outbox/outbox.js';
import { orUnavailable } from '../shared-state/shared-state-errors.js';

/** `GET /stats`: distinct visitors per month of delivered events (what the service bills) and the outbox. */
export function statsRoute(options: { outbox: Outbox; worker: DeliveryWorker; visitorsByMonth: () => Promise<Record<string, number>> }) {
  return async function stats(ctx: Context): Promise<void> {
    const counts = await orUnavailable(async () => options.outbox.counts());
    ctx.body = {
      visitorsByMonth: await orUnavailable(options.visitorsByMonth),
      outbox: counts,
      delivery: { paused: options.worker.paused, reason: options.worker.pauseReason ?? null },
    };
  };
}
