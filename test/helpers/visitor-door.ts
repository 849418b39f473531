import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewVisitors, type NewVisitorsOptions } from '../../relay/collect/new-visitors.js';
import { SqliteVisitorLedger } from '../../relay/collect/sqlite-visitor-ledger.js';
import type { VisitorLimits } from '../../relay/collect/visitor-budgets.js';

/** No budget and no ceiling: every visitor taken, as a route test that is not about the door wants. */
export const OPEN_DOOR: VisitorLimits = { perHour: 0, perDay: 0, maxPerMonth: undefined, maxPerDay: undefined };

/**
 * The public door over a real ledger in a fresh data directory: `OPEN_DOOR` but for the `limits`
 * given, on the wall clock unless told. `close()` closes its file.
 */
export function testDoor(
  limits: Partial<VisitorLimits> = {},
  options: Partial<Omit<NewVisitorsOptions, 'ledger' | 'limits'>> = {},
): { newVisitors: NewVisitors; ledger: SqliteVisitorLedger; close: () => void } {
  const ledger = new SqliteVisitorLedger(mkdtempSync(join(tmpdir(), 'sb-door-')));
  const newVisitors = new NewVisitors({ now: Date.now, ...options, ledger, limits: { ...OPEN_DOOR, ...limits } });
  return { newVisitors, ledger, close: () => ledger.close() };
}
