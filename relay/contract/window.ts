import type { ParsedTimestamp } from './timestamp.js';

/** How far in the future a timestamp may lie: later ones would be billed in a coming month. */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;
/** The service keeps orders and events up to this many years back. */
export const HISTORY_YEARS = 2;

/** The oldest instant the service accepts at `nowMs`: the same calendar moment two years earlier. */
export function historyStart(nowMs: number): number {
  const start = new Date(nowMs);
  start.setUTCFullYear(start.getUTCFullYear() - HISTORY_YEARS);
  return start.getTime();
}

/**
 * Where a shop's history begins for a kind: the service's window for orders; the whole catalog for
 * products, which have no window (a product nobody edited for three years is still on sale).
 */
export function historyStartOf(kind: 'order' | 'product', nowMs: number): number {
  return kind === 'product' ? 0 : historyStart(nowMs);
}

/** Why a timestamp falls outside the service's window, in words, or `undefined` when it is inside. */
export function windowViolation(timestamp: ParsedTimestamp, nowMs: number): string | undefined {
  return windowCheck(timestamp, nowMs)?.message;
}

/** Why a timestamp falls outside the service's window, with its code, or `undefined` when it is inside. */
export function windowCheck(
  timestamp: ParsedTimestamp,
  nowMs: number,
): { code: 'too_old' | 'in_future'; message: string } | undefined {
  if (timestamp.epochMs < historyStart(nowMs))
    return { code: 'too_old', message: `is older than ${HISTORY_YEARS} years` };
  if (timestamp.epochMs > nowMs + FUTURE_TOLERANCE_MS)
    return { code: 'in_future', message: 'is more than 10 minutes in the future' };
  return undefined;
}
