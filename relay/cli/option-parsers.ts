import { InvalidArgumentError } from 'commander';
import { DURATION_EXAMPLES, durationMs } from '../shared/duration.js';

/** Commander argument parsers: each refuses with a reason; commander adds the flag or variable name. */

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return port;
}

export function parseWholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number ≥ 0');
  return Number(value);
}

export function parseRate(value: string): number {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new InvalidArgumentError('must be a number from 0 to 1');
  }
  return rate;
}

export function parseStatus(value: string): number {
  const status = Number(value);
  if (!/^\d{3}$/.test(value) || status < 100 || status > 599)
    throw new InvalidArgumentError('must be an HTTP status (100-599)');
  return status;
}

/** A flag's duration (`--since 7d`, `--dead-before 90s`), in milliseconds: the settings' own units. */
export function parseDuration(value: string): number {
  const ms = durationMs(value);
  if (ms === undefined) throw new InvalidArgumentError(`must be a duration such as ${DURATION_EXAMPLES}`);
  return ms;
}
