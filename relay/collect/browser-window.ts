import { fieldError, type FieldError } from '../contract/field-error.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { historyStart } from '../contract/window.js';
import { MAX_OFFSET_MINUTES, MIN_OFFSET_MINUTES } from './collect-time.js';

/**
 * How far back a browser's event may be dated: the snippet's retry queue keeps events 24 hours,
 * and a day more covers a clock the relay corrects badly and a laptop asleep with the tab open.
 * The service bills a visitor in the month of the event's `datetime`, so a browser batch dated
 * months back would bill visitors in months no shopper was there (six past months).
 */
const BROWSER_WINDOW_MS = 48 * 3_600_000;

/**
 * The refusals of a `/collect` event's `datetime`, read once: written at an offset no place uses,
 * or dated before the browser window.
 */
export function browserWindowErrors(datetime: unknown, now: number): FieldError[] {
  if (typeof datetime !== 'string') return [];
  const parsed = parseTimestamp(datetime);
  if (!parsed.ok) return [];
  const minutes = parsed.value.offsetSeconds / 60;
  const errors =
    minutes >= MIN_OFFSET_MINUTES && minutes <= MAX_OFFSET_MINUTES
      ? []
      : [fieldError('datetime', 'out_of_range', 'has an offset no place uses: offsets run from -12:00 to +14:00')];
  // Past the service's two years, the contract's own refusal says it.
  if (parsed.value.epochMs >= now - BROWSER_WINDOW_MS || parsed.value.epochMs < historyStart(now)) return errors;
  return [
    ...errors,
    fieldError(
      'datetime',
      'too_old',
      "is more than 48 hours old: a browser keeps events 24 hours, so this is not a shopper's event (the service would bill it in its month)",
    ),
  ];
}

/** How long after a month ends a new visitor's event may still be billed in it: a beacon in flight at midnight. */
const SETTLED_AFTER_MS = 3_600_000;

/** When the month an event is written in ended, on its own clock (the first of the next month, at its offset). */
function monthEnd(epochMs: number, offsetSeconds: number): number {
  const wall = new Date(epochMs + offsetSeconds * 1000);
  return Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1) - offsetSeconds * 1000;
}

/**
 * The refusal of an event dated in a month that ended more than an hour before it came, for a
 * visitor not billed in that month: the service bills a visitor in the month an event names, so on
 * the 1st a batch dated 47 hours back would bill visitors in a month already settled. A visitor
 * billed in it already (the door's ledger says) keeps their events.
 */
export function settledMonthErrors(datetime: unknown, now: number): FieldError[] {
  const parsed = typeof datetime === 'string' ? parseTimestamp(datetime) : undefined;
  if (!parsed?.ok || monthEnd(parsed.value.epochMs, parsed.value.offsetSeconds) >= now - SETTLED_AFTER_MS) return [];
  return [
    fieldError(
      'datetime',
      'too_old',
      `is in ${parsed.value.month}, a month that ended more than an hour ago, for a visitor not billed in it: the service would bill them in a month already settled`,
    ),
  ];
}
