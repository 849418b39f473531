const UNITS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The units every duration takes, setting or flag alike. */
export const DURATION_EXAMPLES = '90s, 30m, 24h or 7d';

/** `90s`, `30m`, `24h`, `7d` (and `0`: none) in milliseconds; undefined for anything else. */
export function durationMs(value: string): number | undefined {
  const text = value.trim();
  if (text === '0') return 0;
  const match = /^(\d+)([smhd])$/.exec(text);
  return match ? Number(match[1]) * UNITS[match[2] as keyof typeof UNITS] : undefined;
}

/** `durationMs(text)` within `min`…`max` (each a duration itself), or an error naming the units and the bounds. */
export function boundedDuration(text: string, min: string, max: string): number {
  const ms = durationMs(text);
  if (ms === undefined || ms < (durationMs(min) as number) || ms > (durationMs(max) as number))
    throw new Error(`must be a duration from ${min} to ${max}, such as ${DURATION_EXAMPLES}`);
  return ms;
}
