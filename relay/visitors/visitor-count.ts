import type { Awaitable } from '../shared/awaitable.js';

/** Distinct visitors per month of delivered events: the figure the service bills. */
export interface VisitorCount {
  /** Counts visitors in the month their events' `datetime` names. */
  add(month: string, userIds: string[]): Awaitable<void>;
  byMonth(): Awaitable<Record<string, number>>;
  close(): Awaitable<void>;
}
