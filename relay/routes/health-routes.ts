import type { Context } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { OutboxStatus } from '../outbox/outbox.js';
import type { WebhookHealth } from '../platforms/webhook-health.js';
import type { SharedState } from '../shared-state/shared-state.js';

/** `GET /healthz`: the process answers. */
export function healthz(ctx: Context): void {
  ctx.body = { status: 'ok' };
}

/** `GET /readyz`: 503 while the outbox cannot be written, is full, or delivery is paused, saying why. */
export function readyz(options: { outbox: OutboxStatus; worker: DeliveryWorker; shared?: SharedState | undefined; webhooks?: WebhookHealth }) {
  return async function readiness(ctx: Context): Promise<void> {
    const reasons: string[] = [];
    if (!(await options.outbox.isWritable())) reasons.push('the outbox cannot be written');
    const full = await options.outbox.fullness();
    if (full) reasons.push(`the outbox is full (${full})`);
    if (options.shared && !options.shared.isReachable()) reasons.push('Redis (SHOPBEACON_REDIS_URL) is unreachable');
    if (options.worker.paused) reasons.push(`delivery is paused: ${options.worker.pauseReason ?? ''}`.trim());
    const unreachable = options.worker.unreachable;
    if (unreachable) reasons.push(unreachable.reason);
    reasons.push(...(options.webhooks?.problems() ?? []));
    ctx.status = reasons.length === 0 ? 200 : 503;
    ctx.body = reasons.length === 0 ? { status: 'ready' } : { status: 'not_ready', reasons };
  };
}
