import type { Awaitable } from '../shared/awaitable.js';
import type { Budget } from './visitor-budgets.js';

/** A visitor in the month its events are billed in. */
export interface MonthVisitor {
  userId: string;
  /** `YYYY-MM`: the month the service bills its events in. */
  month: string;
  /** The month before: a visitor billed in it is returning, not new to the shop. */
  previous: string;
  /** Until when its entry is kept (epoch ms): through the next month, whose returning visitors it names. */
  keepUntil: number;
}

/** What the ledger made of a visitor: billed in the month already, admitted now, or refused. */
export type Admission =
  | { status: 'billed' }
  /** Counted against every budget; `counts`: theirs after it, in the order given. */
  | { status: 'admitted'; returning: boolean; counts: number[] }
  /** Counted against none: `full` names (by index) the budgets it would have overspent. */
  | { status: 'refused'; full: number[] };

/**
 * The relay's state of its public door, in SQLite beside the outbox or in the Redis every relay
 * shares: the visitors each month's events were let through for (what the service bills), the
 * budgets they were counted against, and the latest time the door judged by. What it holds
 * survives a restart, so a restart neither forgets who was billed nor hands out fresh budgets.
 */
export interface VisitorLedger {
  /** Whether events of `userId` in `month` were let through already. */
  billed(month: string, userId: string): Awaitable<boolean>;
  /**
   * One step, atomic across relays: billed already; or, when every budget has room, entered for its
   * month and counted against each; else refused, nothing counted. `now`: the door's time, by
   * which what is past keeping may be pruned.
   */
  admit(visitor: MonthVisitor, budgets: readonly Budget[], now: number): Awaitable<Admission>;
  /** Adds `n` to the counter `key`, kept until `keepUntil`; its count after. */
  add(key: string, n: number, keepUntil: number): Awaitable<number>;
  /** The counters' counts, 0 for one not kept. */
  counts(keys: readonly string[]): Awaitable<number[]>;
  /** Records `now` as the latest time the door judged by, unless a later one is recorded. */
  note(now: number): Awaitable<void>;
  /** The latest time recorded (epoch ms), 0 before any. */
  latest(): Awaitable<number>;
  close(): Awaitable<void>;
}
