import { parseTimestamp } from '../contract/timestamp.js';

/**
 * A visitor's clock may be hours or days off. Up to this much is left alone: shifting
 * trades the page's error for the request's transit time (seconds on a slow phone, more for a
 * beacon queued by a hidden tab), and every clock kept by NTP is within it.
 */
export const SKEW_TOLERANCE_MS = 120_000;

/** How far the page's clock is behind the relay's (negative when ahead); 0 within the tolerance or when unknown. */
export function clockSkew(sentAt: number | undefined, now: number): number {
  if (sentAt === undefined) return 0;
  const skew = now - sentAt;
  return Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
}

const pad = (n: number, width = 2) => String(Math.trunc(n)).padStart(width, '0');

/** `±HH:MM` for an offset in minutes east of UTC. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(abs / 60)}:${pad(abs % 60)}`;
}

/** `YYYY-MM-DD HH:MM:SS` of the wall clock `offsetMs` east of UTC, with `.fff` when asked. */
function wallClock(epochMs: number, offsetMs: number, millis: boolean): string {
  const iso = new Date(epochMs + offsetMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, millis ? 23 : 19)}`;
}

/** `YYYY-MM-DD HH:MM:SS+HH:MM`: the instant on the visitor's wall clock, so its month is theirs. */
export function formatEventTime(epochMs: number, offsetMinutes: number): string {
  return `${wallClock(epochMs, offsetMinutes * 60_000, false)}${offsetText(offsetMinutes)}`;
}

/** `YYYY-MM-DD HH:MM:SS+00:00`: the time of receipt, for events sent without one. */
export function receiptTime(now: number): string {
  return formatEventTime(now, 0);
}

/**
 * The same timestamp moved by `skewMs`, in the offset it was written in (or none), with its
 * fraction kept to the millisecond. A date without a time, or text that is not a timestamp, is
 * returned as it is: the contract check then says what is wrong with it.
 */
export function shiftTimestamp(text: string, skewMs: number): string {
  // Unmoved, it is left for the contract check to parse (once): the usual case (the ingest profile's).
  if (skewMs === 0 || text.length <= 10) return text;
  const parsed = parseTimestamp(text);
  if (!parsed.ok) return text;
  const { epochMs, offsetSeconds, hasOffset } = parsed.value;
  const offset = hasOffset ? text.slice(text.search(/[+-]\d{2}:\d{2}(:[\d.]+)?$/)) : '';
  return `${wallClock(epochMs + skewMs, Math.round(offsetSeconds * 1000), text.includes('.', 19))}${offset}`;
}
