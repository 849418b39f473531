const MAX_RETRY_AFTER_MS = 3600_000;

/** `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; in milliseconds, capped at an hour. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  // RFC 9110 delay-seconds are whole, but Shopify sends "2.0": a decimal is read as seconds too.
  const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Math.ceil(Number(trimmed) * 1000) : Date.parse(trimmed) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}
