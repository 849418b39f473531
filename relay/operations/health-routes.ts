import type { Context } from 'koa';
import { socketAddress } from '../http/socket-address.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import type { KeyFailures } from '../http/key-failures.js';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import type { WebhookHealth } from '../webhooks/webhook-health.js';
import type { SharedState } from '../redis/shared-state.js';
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
  const unwritable = await outbox.writeProblem();
  if (unwritable) reasons.push(unwritable);
  const full = await outbox.fullness();
  if (full) reasons.push(`the outbox is full (${full})`);
  return reasons;
}

interface ReadinessSources {
  /** With it, `/readyz` says why; without it (a load balancer, anyone), only its state. */
  adminKey?: string | undefined;
  failures?: KeyFailures;
  outbox: OutboxStatus;
  worker: DeliveryWorker;
  shared?: SharedState | undefined;
  webhooks?: WebhookHealth;
  syncStatuses?: () => SyncStatus[];
}

/** Why the relay cannot take or deliver records now: each one takes it out of a load balancer. */
async function blockingProblems(options: ReadinessSources): Promise<string[]> {
  const reasons = await outboxProblems(options.outbox);
  if (options.shared && !options.shared.isReachable()) reasons.push('Redis (SHOPBEACON_REDIS_URL) is unreachable');
  if (options.worker.paused) reasons.push(`delivery is paused: ${options.worker.pauseReason ?? ''}`.trim());
  const unreachable = options.worker.unreachable;
  if (unreachable) reasons.push(unreachable.reason);
  reasons.push(...(options.webhooks?.problems() ?? []));
  return reasons;
}

/**
 * Whether the caller presented the admin key. The reasons name the service's answers, the
 * platforms and the outbox: a service that echoed the token would leak it through them.
 * A wrong key counts as a failed attempt, as on every private route.
 */
function presentsAdminKey(ctx: Context, options: ReadinessSources): boolean {
  const header = ctx.get('authorization');
  if (!header || !options.adminKey) return false;
  const valid = header.startsWith('Bearer ') && constantTimeEqual(header.slice(7), options.adminKey);
  if (!valid) options.failures?.wrongKey(socketAddress(ctx));
  return valid;
}

/**
 * `GET /readyz`: 503 `not_ready` while the outbox cannot be written, is full, Redis is away, delivery
 * is paused or webhook deliveries are refused; 200 `degraded` while only a platform's sweeps keep
 * failing or a platform ended the relay's access (`/collect`, the mirror and the webhooks still
 * work: taking the relay out of a load balancer for a platform's API outage would lose what it can
 * still take). Each reason in a sentence, for a caller with the admin key only.
 */
export function readyz(options: ReadinessSources) {
  return async function readiness(ctx: Context): Promise<void> {
    const blocking = await blockingProblems(options);
    const degraded = [...syncProblems(options.syncStatuses?.() ?? []), ...(options.webhooks?.degradations() ?? [])];
    const reasons = [...blocking, ...degraded];
    ctx.status = blocking.length === 0 ? 200 : 503;
    const status = reasons.length === 0 ? 'ready' : blocking.length > 0 ? 'not_ready' : 'degraded';
    ctx.body = reasons.length > 0 && presentsAdminKey(ctx, options) ? { status, reasons } : { status };
  };
}
