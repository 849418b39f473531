import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import type { WebhookHealth } from '../platforms/webhook-health.js';
import type { SharedState } from '../shared-state/shared-state.js';
import { syncProblem, type SyncStatus } from '../sync/sync-status.js';

/** `GET /healthz`: the process answers. */
export function healthz(ctx: Context): void {
  ctx.body = { status: 'ok' };
}

/** The syncs that have failed for longer than three intervals, one sentence each. */
function syncProblems(statuses: SyncStatus[], now = Date.now()): string[] {
  return statuses.flatMap((status) => syncProblem(status, now) ?? []);
}

/** Why the outbox cannot take records now, if it cannot. */
async function outboxProblems(outbox: OutboxStatus): Promise<string[]> {
  const reasons: string[] = [];
  if (!(await outbox.isWritable())) reasons.push('the outbox cannot be written');
  const full = await outbox.fullness();
  if (full) reasons.push(`the outbox is full (${full})`);
  return reasons;
}

interface ReadinessSources {
  outbox: OutboxStatus;
  worker: DeliveryWorker;
  shared?: SharedState | undefined;
  webhooks?: WebhookHealth;
  syncStatuses?: () => SyncStatus[];
}

/** `GET /readyz`: 503 while the outbox cannot be written, is full, delivery is paused or a sync keeps failing, saying why. */
export function readyz(options: ReadinessSources) {
  return async function readiness(ctx: Context): Promise<void> {
    const reasons = await outboxProblems(options.outbox);
    if (options.shared && !options.shared.isReachable()) reasons.push('Redis (SHOPBEACON_REDIS_URL) is unreachable');
    if (options.worker.paused) reasons.push(`delivery is paused: ${options.worker.pauseReason ?? ''}`.trim());
    const unreachable = options.worker.unreachable;
    if (unreachable) reasons.push(unreachable.reason);
    reasons.push(...(options.webhooks?.problems() ?? []));
    reasons.push(...syncProblems(options.syncStatuses?.() ?? []));
    ctx.status = reasons.length === 0 ? 200 : 503;
    ctx.body = reasons.length === 0 ? { status: 'ready' } : { status: 'not_ready', reasons };
  };
}
