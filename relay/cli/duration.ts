import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 };

/** `90s`, `30m`, `24h`, `7d` in milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+)([smhd])$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('must be a duration such as 90s, 30m, 24h or 7d');
  return Number(match[1]) * (UNITS[match[2] as string] as number);
}
