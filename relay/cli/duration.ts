import { InvalidArgumentError } from 'commander';
import { DURATION_EXAMPLES, durationMs } from '../shared/duration.js';

/** A flag's duration (`--since 7d`, `--dead-before 90s`), in milliseconds: the settings' own units. */
export function parseDuration(value: string): number {
  const ms = durationMs(value);
  if (ms === undefined) throw new InvalidArgumentError(`must be a duration such as ${DURATION_EXAMPLES}`);
  return ms;
}
