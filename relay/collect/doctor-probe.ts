import type { Context } from 'koa';
import type { RecordCheck } from '../pipeline/accept.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import { stepLabels } from '../pipeline/step-labels.js';

/**
 * The header `shopbeacon doctor` sends with its test event. Such a batch goes through everything
 * a browser's does (the proxy, the origin check, bots, the body, each event's check, the identity
 * cookies) and stops before the outbox: nothing is stored, forwarded to the service or counted as
 * a visitor. A browser never sends it (it would need a preflight the relay does not grant).
 */
export const DOCTOR_HEADER = 'shopbeacon-doctor';

/** Whether this request is the doctor's. */
export const isDoctorProbe = (ctx: Context) => ctx.get(DOCTOR_HEADER) === '1';

/** What the doctor reads back: the events' checks and how the relay saw the request's origin. */
export function doctorAnswer(
  ctx: Context,
  events: readonly unknown[],
  checks: RecordCheck[],
  announce: RecordEvents,
): Record<string, unknown> {
  for (const raw of events)
    announce.emit({
      state: 'dropped',
      source: 'collect',
      ...stepLabels('event', raw),
      detail: 'doctor: a test event, never stored',
    });
  const rejected = checks.flatMap((check, index) => (check.ok ? [] : [{ index, errors: check.errors }]));
  return {
    doctor: true,
    valid: checks.length - rejected.length,
    rejected,
    seen: { origin: `${ctx.protocol}://${ctx.host}`, secure: ctx.secure },
  };
}
