import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import { concurrencyWire } from '../debug/debug-snapshot.js';
import type { SyncStatus } from '../sync/sync-status.js';
import type { WithdrawnProduct } from '../platform-state/withdrawn-products.js';

export interface StatsSources {
  outbox: OutboxStatus;
  worker: DeliveryWorker;
  visitorsByMonth: () => Promise<Record<string, number>>;
  syncStatuses: () => SyncStatus[];
  /** Products withdrawn from sale after they were sent: the service's catalog keeps them. */
  withdrawnProducts?: () => WithdrawnProduct[];
  /**
   * Visitors not yet billed in their month, this hour and the last, what was refused, the rise and
   * the ceilings: an attack on the bill shows here.
   */
  newVisitors?: () => unknown;
  /** The last 7 days' orders against the `Order Completed` events sent: `shopbeacon coverage`'s figures. */
  coverage?: () => Promise<unknown>;
}

/** `GET /stats`: distinct visitors per month of delivered events (what the service bills), the outbox, the syncs. */
export function statsRoute(options: StatsSources) {
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
      sync: Object.fromEntries(options.syncStatuses().map((status) => [status.platform, status])),
      withdrawnProducts: options.withdrawnProducts?.() ?? [],
      newVisitors: (await options.newVisitors?.()) ?? null,
      coverage: (await options.coverage?.()) ?? null,
    };
  };
}
