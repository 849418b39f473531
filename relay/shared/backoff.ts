const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"):
 * a random wait up to `min(cap, base·2^attempt)`, never below the base, so retries of many records
 * after an outage spread out instead of arriving together.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.max(BACKOFF_BASE_MS, Math.round(random() * ceiling));
}
