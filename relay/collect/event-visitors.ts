import type { FieldError } from '../contract/field-error.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { settledMonthErrors } from './browser-window.js';
import type { NewVisitors, VisitorVerdict } from './new-visitors.js';

/** An event as the door reads it: the visitor it names, its `datetime`, and who brings it. */
export interface EventVisitor {
  userId: string;
  datetime: unknown;
  /** The client address that brings it; none: the shop's own server. */
  ip: string | undefined;
}

/**
 * Events dated in a month already settled: refused for a visitor not billed in it (a browser's,
 * a plugin's), or passed as the shop's own history (the admin key's imports).
 */
export type SettledMonths = 'refused' | 'passed';

/** The billing month a `datetime` names, as written; none when it names none (the service's month of receipt). */
function billingMonth(datetime: unknown): string | undefined {
  if (typeof datetime !== 'string') return undefined;
  const parsed = parseTimestamp(datetime);
  return parsed.ok ? parsed.value.month : undefined;
}

/**
 * The door's verdict on each event's visitor (`NewVisitors.admit`), each visitor of a month judged
 * once per batch, in the batch's order: the errors refusing an event, or none. An event given as
 * `undefined` (refused already) is not judged. An address over its budget throws the 429 for the
 * whole batch; the visitors taken before it stay taken, so the batch sent again costs nothing
 * twice.
 */
export async function judgeEventVisitors(
  newVisitors: NewVisitors,
  events: readonly (EventVisitor | undefined)[],
  now: number,
  settledMonths: SettledMonths,
): Promise<(FieldError[] | undefined)[]> {
  const judged = new Map<string, VisitorVerdict>();
  const errors: (FieldError[] | undefined)[] = [];
  for (const event of events) {
    const settled = event === undefined ? [] : settledMonthErrors(event.datetime, now);
    if (event === undefined || (settled.length > 0 && settledMonths === 'passed')) {
      errors.push(undefined);
      continue;
    }
    const month = billingMonth(event.datetime);
    const key = [event.ip, month, settled.length, event.userId].join('\t');
    let verdict = judged.get(key);
    if (verdict === undefined) {
      verdict = await newVisitors.admit(event.ip, { userId: event.userId, month, settled });
      judged.set(key, verdict);
    }
    errors.push(verdict.ok ? undefined : verdict.errors);
  }
  return errors;
}
