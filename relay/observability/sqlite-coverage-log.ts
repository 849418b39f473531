import type Database from 'better-sqlite3';
import { asStorageError } from '../shared/storage-error.js';
import { openCoverageDatabase } from './coverage-database.js';
import { readCoverage } from './coverage-figures.js';
import type { CompletionSeen, CoverageReport, OrderSeen } from './coverage-report.js';
import { CoverageTally, hourOf, monthOf } from './coverage-tally.js';
import { KeptRows } from './kept-rows.js';
import { COVERAGE_CAPS, COVERAGE_DAYS, type CoverageCaps, type CoverageLog } from './order-coverage.js';
import { SessionTally } from './session-tally.js';

const DAY_MS = 86_400_000;

/**
 * Notes waiting for the next write at most: they wait only while the file cannot be written (a
 * full disk), and past this the oldest are given up and said so, rather than the relay's memory.
 */
const PENDING_AT_MOST = 100_000;

interface CoverageLogOptions {
  caps?: CoverageCaps;
  now?: () => number;
}

/**
 * The coverage counted in `coverage.sqlite` beside the outbox (a file of its own, as the visitor
 * count's), or in memory without a data directory, written once a second in one transaction; a
 * crash loses at most that second of a statistic. `shopbeacon coverage` opens the same file.
 */
export class SqliteCoverageLog implements CoverageLog {
  private readonly db: Database.Database;
  private readonly tally: CoverageTally;
  private readonly sessionTally: SessionTally;
  private readonly kept: KeptRows;
  private readonly began: number;
  private readonly now: () => number;
  private pending: { orders: OrderSeen[]; completions: CompletionSeen[] } = { orders: [], completions: [] };
  /** Sessions seen since the last write, by `month\tsession\tuser`: their first time. */
  private sessions = new Map<string, number>();
  private heard = new Map<number, number>();
  private readonly timer: NodeJS.Timeout | undefined;
  private prunedAt = 0;

  /**
   * `dataDir` undefined: in memory. `readOnly`: the report's reader (the CLI), which writes nothing
   * and keeps no timer.
   */
  constructor(
    dataDir: string | undefined,
    private readonly onWriteError: (error: unknown) => void = () => undefined,
    readOnly = false,
    options: CoverageLogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.db = openCoverageDatabase(dataDir);
    // To the second: the shops' order times have no finer one.
    if (!readOnly)
      this.db
        .prepare('INSERT INTO began (at) SELECT ? WHERE NOT EXISTS (SELECT 1 FROM began)')
        .run(Math.floor(this.now() / 1000) * 1000);
    this.began = (this.db.prepare('SELECT at FROM began').pluck().get() as number | undefined) ?? this.now();
    const caps = options.caps ?? COVERAGE_CAPS;
    this.kept = new KeptRows(this.db);
    this.tally = new CoverageTally(this.db, this.kept, caps, this.began);
    this.sessionTally = new SessionTally(this.db, this.kept, caps.sessions);
    this.timer = readOnly ? undefined : setInterval(() => this.flushOnTimer(), 1_000).unref();
  }

  note(orders: OrderSeen[], completions: CompletionSeen[]): void {
    this.pending.orders.push(...orders);
    this.pending.completions.push(...completions);
  }

  noteSession(month: string, sessionId: string, userId: string, at: number): void {
    const key = `${month}\t${sessionId}\t${userId}`;
    const first = this.sessions.get(key);
    if (first === undefined || at < first) this.sessions.set(key, at);
  }

  noteHeard(at: number): void {
    const hour = hourOf(at);
    this.heard.set(hour, (this.heard.get(hour) ?? 0) + 1);
  }

  identifiedLater(): Record<string, number> {
    return this.reading(() => this.sessionTally.identifiedLaterByMonth());
  }

  sessionsNotKept(): Record<string, number> {
    return this.reading(() => this.sessionTally.notKept());
  }

  report(since: number, platforms: readonly string[]): CoverageReport {
    return this.reading(() => readCoverage(this.db, since, this.began, platforms));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.timer) this.flush();
    this.db.close();
  }

  /** What is read, after what waits is written (by the relay; the CLI's reader writes nothing). */
  private reading<T>(read: () => T): T {
    try {
      if (this.timer) this.flush();
      return read();
    } catch (error) {
      throw asStorageError(error);
    }
  }

  private flushOnTimer(): void {
    try {
      this.flush();
    } catch (error) {
      this.onWriteError(error);
    }
  }

  /** What waits, in one transaction (kept for the next on failure, within bounds); the old goes once an hour. */
  private flush(): void {
    const { orders, completions } = this.pending;
    const sessions = this.sessions;
    const now = this.now();
    const due = now - this.prunedAt >= 3_600_000;
    const heard = this.heard;
    if (orders.length === 0 && completions.length === 0 && sessions.size === 0 && heard.size === 0 && !due) return;
    this.pending = { orders: [], completions: [] };
    this.sessions = new Map();
    this.heard = new Map();
    try {
      this.db.transaction(() => {
        this.tally.noteHeard(heard);
        this.write(orders, completions, sessions, now);
      })();
    } catch (error) {
      this.keepForNext(orders, completions, sessions);
      // Hours heard are a handful: kept whole.
      for (const [hour, events] of heard) this.heard.set(hour, (this.heard.get(hour) ?? 0) + events);
      throw error;
    }
  }

  private keepForNext(orders: OrderSeen[], completions: CompletionSeen[], sessions: Map<string, number>): void {
    const waiting = orders.length + completions.length + sessions.size;
    if (waiting > PENDING_AT_MOST) {
      this.onWriteError(new Error(`${waiting} notes of the order coverage given up: the file could not be written`));
      return;
    }
    this.note(orders, completions);
    for (const [key, at] of sessions) this.sessions.set(key, Math.min(at, this.sessions.get(key) ?? at));
  }

  private write(
    orders: OrderSeen[],
    completions: CompletionSeen[],
    sessions: ReadonlyMap<string, number>,
    now: number,
  ): void {
    for (const [key, at] of sessions) {
      const [month, sessionId, userId] = key.split('\t') as [string, string, string];
      this.sessionTally.note(month, sessionId, userId, at);
    }
    for (const o of orders) this.tally.noteOrder(o, now);
    for (const c of completions) this.tally.noteCompletion(c, now);
    if (now - this.prunedAt < 3_600_000) return;
    this.prunedAt = now;
    this.tally.forget(now - COVERAGE_DAYS * DAY_MS);
    // This month's and the last's: the bill of a month ended is settled, and the caps are this month's.
    const lastMonth = monthOf(now - 32 * DAY_MS);
    this.sessionTally.forgetBefore(lastMonth);
    this.kept.forgetBefore(lastMonth);
  }
}
