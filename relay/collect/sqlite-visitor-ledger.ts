import type Database from 'better-sqlite3';
import { openStateDatabase } from '../shared/state-database.js';
import { asStorageError } from '../shared/storage-error.js';
import type { Budget } from './visitor-budgets.js';
import type { Admission, MonthVisitor, VisitorLedger } from './visitor-ledger.js';

const LEDGER_FILE = 'visitor-ledger.sqlite';

const SCHEMA = {
  name: `the visitor ledger (${LEDGER_FILE})`,
  migrations: [
    `CREATE TABLE IF NOT EXISTS billed (month TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (month, user_id)) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS months (month TEXT PRIMARY KEY, keep_until INTEGER NOT NULL) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, keep_until INTEGER NOT NULL) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS counters_kept ON counters (keep_until);
     CREATE TABLE IF NOT EXISTS clock (id INTEGER PRIMARY KEY CHECK (id = 1), latest INTEGER NOT NULL);`,
  ],
};

/** Entries of a month past its keeping deleted per pruning: a month of a million visitors goes in slices, never in one long stall. */
const PRUNED_AT_ONCE = 20_000;
const HOUR_MS = 3_600_000;

/**
 * The visitor ledger of a single relay, in its own SQLite file beside the outbox (a commit to
 * outbox.sqlite from a second connection would make the outbox rebuild its tallies). The writes of
 * one event-loop turn share a transaction committed on the next turn (WAL, `synchronous=NORMAL`):
 * a commit per visitor cost 80 µs of its request, one per turn is paid once for all of them. A
 * crash loses at most that turn's admissions, a power cut the last moments: those visitors are
 * counted again when they come back, never billed twice. What is past keeping is pruned once an
 * hour of the door's time.
 */
export class SqliteVisitorLedger implements VisitorLedger {
  private readonly db: Database.Database;
  private readonly statements;
  private prunedHour = 0;
  /** The months whose keeping this process recorded: a month's row is written once, not per visitor. */
  private readonly keptMonths = new Map<string, number>();

  /** `onWriteError`: a turn's commit failed (a full disk); its admissions are forgotten. */
  constructor(
    dataDir: string,
    private readonly onWriteError: (error: unknown) => void = () => undefined,
  ) {
    this.db = openStateDatabase(dataDir, LEDGER_FILE, SCHEMA);
    const db = this.db;
    this.statements = {
      billed: db.prepare<[string, string]>('SELECT 1 FROM billed WHERE month = ? AND user_id = ?').pluck(),
      enter: db.prepare<[string, string]>('INSERT INTO billed (month, user_id) VALUES (?, ?)'),
      keepMonth: db.prepare<[string, number]>(
        'INSERT INTO months (month, keep_until) VALUES (?, ?) ON CONFLICT (month) DO UPDATE SET keep_until = max(keep_until, excluded.keep_until)',
      ),
      count: db.prepare<[string]>('SELECT count FROM counters WHERE key = ?').pluck(),
      add: db
        .prepare<[string, number, number]>(
          'INSERT INTO counters (key, count, keep_until) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = count + excluded.count, keep_until = max(keep_until, excluded.keep_until) RETURNING count',
        )
        .pluck(),
      latest: db.prepare('SELECT latest FROM clock WHERE id = 1').pluck(),
      record: db.prepare<[number]>(
        'INSERT INTO clock (id, latest) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET latest = max(latest, excluded.latest)',
      ),
      pastMonths: db.prepare<[number]>('SELECT month FROM months WHERE keep_until < ?').pluck(),
      pruneMonth: db.prepare<[string, string, number]>(
        'DELETE FROM billed WHERE month = ? AND user_id IN (SELECT user_id FROM billed WHERE month = ? LIMIT ?)',
      ),
      dropMonth: db.prepare<[string]>('DELETE FROM months WHERE month = ?'),
      pruneCounters: db.prepare<[number]>('DELETE FROM counters WHERE keep_until < ?'),
    };
  }

  billed(month: string, userId: string): boolean {
    return this.guarded(() => this.statements.billed.get(month, userId) !== undefined);
  }

  admit(visitor: MonthVisitor, budgets: readonly Budget[], now: number): Admission {
    return this.guarded(() => {
      this.openTurn();
      this.pruneHourly(now);
      return this.db.transaction(() => this.admitted(visitor, budgets))();
    });
  }

  add(key: string, n: number, keepUntil: number): number {
    return this.guarded(() => {
      this.openTurn();
      return this.statements.add.get(key, n, keepUntil) as number;
    });
  }

  counts(keys: readonly string[]): number[] {
    return this.guarded(() => keys.map((key) => (this.statements.count.get(key) as number | undefined) ?? 0));
  }

  note(now: number): void {
    this.guarded(() => {
      this.openTurn();
      this.statements.record.run(now);
    });
  }

  latest(): number {
    return this.guarded(() => (this.statements.latest.get() as number | undefined) ?? 0);
  }

  close(): void {
    this.commitTurn();
    this.db.close();
  }

  /** The turn's transaction, begun by its first write and committed on the next turn. */
  private openTurn(): void {
    if (this.db.inTransaction) return;
    this.db.exec('BEGIN');
    setImmediate(() => this.commitTurn());
  }

  private commitTurn(): void {
    if (!this.db.open || !this.db.inTransaction) return;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.keptMonths.clear();
      this.onWriteError(error);
    }
  }

  private admitted(visitor: MonthVisitor, budgets: readonly Budget[]): Admission {
    const s = this.statements;
    if (s.billed.get(visitor.month, visitor.userId) !== undefined) return { status: 'billed' };
    const before = budgets.map((budget) => (s.count.get(budget.key) as number | undefined) ?? 0);
    const full = budgets.flatMap((budget, i) => ((before[i] as number) >= budget.limit ? [i] : []));
    if (full.length > 0) return { status: 'refused', full };
    s.enter.run(visitor.month, visitor.userId);
    if (this.keptMonths.get(visitor.month) !== visitor.keepUntil) {
      s.keepMonth.run(visitor.month, visitor.keepUntil);
      this.keptMonths.set(visitor.month, visitor.keepUntil);
    }
    const counts = budgets.map((budget) => s.add.get(budget.key, 1, budget.keepUntil) as number);
    return { status: 'admitted', returning: s.billed.get(visitor.previous, visitor.userId) !== undefined, counts };
  }

  private pruneHourly(now: number): void {
    const hour = Math.floor(now / HOUR_MS);
    if (hour === this.prunedHour) return;
    this.prunedHour = hour;
    const s = this.statements;
    s.pruneCounters.run(now);
    for (const month of s.pastMonths.all(now) as string[]) {
      if (s.pruneMonth.run(month, month, PRUNED_AT_ONCE).changes < PRUNED_AT_ONCE) s.dropMonth.run(month);
    }
  }

  private guarded<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw asStorageError(error);
    }
  }
}
