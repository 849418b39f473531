import type { FieldError } from '../contract/field-error.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** Faults the mock service injects into `/v1/*` answers, changeable at run time. */
export interface Faults {
  /**
   * Delay before each answer, in milliseconds; setting it again releases the calls held by the
   * delay before.
   * @default 0
   */
  latencyMs: number;
  /**
   * Share of requests (0..1) answered with `failStatus` instead of being processed.
   * @default 0
   */
  failRate: number;
  /**
   * The status of an injected failure.
   * @default 500
   */
  failStatus: number;
  /**
   * `Retry-After` seconds sent with injected failures; none when unset.
   * @default undefined
   */
  retryAfterSeconds?: number;
  /**
   * `drop` destroys every `/v1/*` connection without an answer, as a crashing service would;
   * `reset` stores the record, then resets the connection halfway through the answer (the
   * ambiguous case: the service has it, the caller cannot know).
   * @default 'normal'
   */
  mode: 'normal' | 'drop' | 'reset';
  /**
   * Calls per second the service takes; above it, 429 with `Retry-After: 1` (a rate-limited API). 0 = no limit.
   * @default 0
   */
  rateLimit: number;
}

export const DEFAULT_FAULTS: Faults = { latencyMs: 0, failRate: 0, failStatus: 500, mode: 'normal', rateLimit: 0 };

/** Calls counted in fixed one-second windows, as many rate-limited APIs count them. */
export class CallsPerSecond {
  private second = 0;
  private calls = 0;

  /** Counts a call at `now`; returns how many this second has had, this one included. */
  count(now: number): number {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.calls = 0;
    }
    this.calls += 1;
    return this.calls;
  }
}

type Check = (value: unknown) => string | undefined;

const CHECKS: Record<keyof Faults, Check> = {
  latencyMs: (v) =>
    Number.isInteger(v) && (v as number) >= 0 ? undefined : 'must be a whole number of milliseconds ≥ 0',
  failRate: (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? undefined : 'must be a number from 0 to 1'),
  failStatus: (v) =>
    Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599
      ? undefined
      : 'must be an HTTP status (100-599)',
  retryAfterSeconds: (v) =>
    v === null || (Number.isInteger(v) && (v as number) >= 0) ? undefined : 'must be a whole number of seconds ≥ 0',
  mode: (v) => (v === 'normal' || v === 'drop' || v === 'reset' ? undefined : 'must be "normal", "drop" or "reset"'),
  rateLimit: (v) =>
    Number.isInteger(v) && (v as number) >= 0 ? undefined : 'must be a whole number of calls per second ≥ 0',
};

/** Checks a partial faults object sent to `POST /_mock/faults`; unknown keys are refused. */
export function checkFaults(value: unknown): FieldError[] {
  if (!isPlainObject(value)) return [{ path: '', message: 'must be an object' }];
  return Object.entries(value).flatMap(([key, v]) => {
    const check = CHECKS[key as keyof Faults] as Check | undefined;
    const message = check ? check(v) : `is not a fault setting (${Object.keys(CHECKS).join(', ')})`;
    return message ? [{ path: key, message }] : [];
  });
}

/** Applies a checked partial update; `retryAfterSeconds: null` clears it. */
export function mergeFaults(current: Faults, update: Record<string, unknown>): Faults {
  const next = { ...current, ...update } as Faults & { retryAfterSeconds?: number | null };
  if (next.retryAfterSeconds === null) delete next.retryAfterSeconds;
  return next as Faults;
}
