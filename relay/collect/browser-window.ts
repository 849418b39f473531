import { fieldError, type FieldError } from '../contract/field-error.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { historyStart } from '../contract/window.js';

/**
 * How far back a browser's event may be dated: the snippet's retry queue keeps events 24 hours,
 * and a day more covers a clock the relay corrects badly and a laptop asleep with the tab open.
 * The service bills a visitor in the month of the event's `datetime`, so a browser batch dated
 * months back would bill visitors in months no shopper was there (issue #47: six past months).
 */
export const BROWSER_WINDOW_MS = 48 * 3_600_000;

/** The refusal of a `/collect` event dated before the browser window, if it is. */
export function browserWindowErrors(datetime: unknown, now: number): FieldError[] {
  if (typeof datetime !== 'string') return [];
  const parsed = parseTimestamp(datetime);
  // Past the service's two years, the contract's own refusal says it.
  if (!parsed.ok || parsed.value.epochMs >= now - BROWSER_WINDOW_MS || parsed.value.epochMs < historyStart(now)) return [];
  return [
    fieldError(
      'datetime',
      'too_old',
      "is more than 48 hours old: a browser keeps events 24 hours, so this is not a shopper's event (the service would bill it in its month)",
    ),
  ];
}
