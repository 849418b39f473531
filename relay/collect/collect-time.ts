import { fieldError, type FieldError } from '../contract/field-error.js';
import { formatEventTime, receiptTime, shiftTimestamp } from './event-time.js';

/**
 * The offsets places use (Baker Island's −12:00 to Kiribati's +14:00): one beyond dates an event in
 * a day no clock shows.
 */
export const MIN_OFFSET_MINUTES = -720;
export const MAX_OFFSET_MINUTES = 840;

/** Fifty years either side of now: a page clock further off is not a clock. */
const CAPTURE_RANGE_MS = 50 * 365 * 86_400_000;

export type EventTime = { datetime: unknown; errors: FieldError[] };

function captureErrors(capturedAt: unknown, utcOffset: unknown, now: number, hasDatetime: boolean): FieldError[] {
  if (hasDatetime) return [fieldError('captured_at', 'invalid', 'must not be sent together with datetime')];
  if (typeof capturedAt !== 'number' || !Number.isInteger(capturedAt))
    return [fieldError('captured_at', 'wrong_type', 'must be epoch milliseconds (an integer)')];
  if (Math.abs(capturedAt - now) > CAPTURE_RANGE_MS)
    return [fieldError('captured_at', 'out_of_range', 'is not within 50 years of now')];
  if (
    utcOffset !== undefined &&
    !(
      Number.isInteger(utcOffset) &&
      (utcOffset as number) >= MIN_OFFSET_MINUTES &&
      (utcOffset as number) <= MAX_OFFSET_MINUTES
    )
  ) {
    return [
      fieldError(
        'utc_offset',
        'out_of_range',
        'must be whole minutes east of UTC, from -720 to 840 (-12:00 to +14:00, the offsets places use)',
      ),
    ];
  }
  return [];
}

/**
 * The service's `datetime` for one `/collect` event, on the relay's clock: from `captured_at` and
 * `utc_offset` (the snippet's page clock) or from a `datetime` the sender wrote, moved by the
 * batch's clock skew either way; the time of receipt when there is neither.
 */
export function collectEventTime(fields: Record<string, unknown>, skewMs: number, now: number): EventTime {
  const { captured_at: capturedAt, utc_offset: utcOffset, datetime } = fields;
  if (capturedAt === undefined) {
    if (utcOffset !== undefined)
      return { datetime, errors: [fieldError('utc_offset', 'invalid', 'is only read with captured_at')] };
    return {
      datetime: typeof datetime === 'string' ? shiftTimestamp(datetime, skewMs) : (datetime ?? receiptTime(now)),
      errors: [],
    };
  }
  const errors = captureErrors(capturedAt, utcOffset, now, datetime !== undefined);
  if (errors.length > 0) return { datetime, errors };
  return {
    datetime: formatEventTime((capturedAt as number) + skewMs, (utcOffset as number | undefined) ?? 0),
    errors: [],
  };
}
