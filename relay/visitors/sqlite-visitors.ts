import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openStateDatabase } from '../shared/state-database.js';
import type { VisitorCount } from './visitor-count.js';
import { asStorageError } from '../shared/storage-error.js';

const SCHEMA = {
  name: 'the visitor count (visitors.sqlite)',
  migrations: [
    'CREATE TABLE IF NOT EXISTS visitors (month TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (month, user_id)) WITHOUT ROWID',
  ],
};

/** Counts kept by earlier versions inside outbox.sqlite move over once, when visitors.sqlite is new. */
function adoptOutboxCounts(db: Database.Database, dataDir: string): void {
  const outbox = join(dataDir, 'outbox.sqlite');
  if (!existsSync(outbox)) return;
  db.prepare('ATTACH DATABASE ? AS outbox').run(outbox);
  try {
    const had = db.prepare("SELECT 1 FROM outbox.sqlite_master WHERE type = 'table' AND name = 'visitors'").get();
    if (had) db.exec('INSERT OR IGNORE INTO main.visitors SELECT month, user_id FROM outbox.visitors');
  } finally {
    db.exec('DETACH DATABASE outbox');
  }
}

/**
 * Exact distinct visitors per month for a single relay, in `visitors.sqlite` beside the outbox: a
 * file of its own, since a commit to outbox.sqlite from a second connection would make the outbox
 * rebuild its tallies. Visitors are written once a second in one transaction rather than a row per
 * delivery; a crash loses at most that second of a statistic, never a record.
 */
export class SqliteVisitors implements VisitorCount {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly countByMonth: Database.Statement;
  private pending = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;
  /** Whether the last timed write failed: its error is reported once, not each second. */
  private failing = false;

  /** `onWriteError`: a timed write failed (a full disk); the visitors are kept for the next one. */
  constructor(
    dataDir: string,
    private readonly onWriteError: (error: unknown) => void = () => undefined,
  ) {
    const isNew = !existsSync(join(dataDir, 'visitors.sqlite'));
    this.db = openStateDatabase(dataDir, 'visitors.sqlite', SCHEMA);
    if (isNew) adoptOutboxCounts(this.db, dataDir);
    this.insert = this.db.prepare('INSERT OR IGNORE INTO visitors (month, user_id) VALUES (?, ?)');
    this.countByMonth = this.db.prepare('SELECT month, COUNT(*) AS n FROM visitors GROUP BY month ORDER BY month');
    this.timer = setInterval(() => this.flushOnTimer(), 1_000).unref();
  }

  add(month: string, userIds: string[]): void {
    const users = this.pending.get(month) ?? new Set<string>();
    for (const id of userIds) users.add(id);
    this.pending.set(month, users);
  }

  byMonth(): Record<string, number> {
    try {
      this.flush();
      const rows = this.countByMonth.all() as { month: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.month, r.n]));
    } catch (error) {
      throw asStorageError(error);
    }
  }

  /** A timer's throw would end the process: a full disk must cost a statistic's delay, never the relay. */
  private flushOnTimer(): void {
    try {
      this.flush();
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.onWriteError(error);
      this.failing = true;
    }
  }

  /** Writes what waits in one transaction; on failure it waits again, merged with what came since. */
  private flush(): void {
    if (this.pending.size === 0) return;
    const pending = this.pending;
    this.pending = new Map();
    try {
      this.db.transaction(() => {
        for (const [month, users] of pending) for (const id of users) this.insert.run(month, id);
      })();
    } catch (error) {
      for (const [month, users] of pending) this.add(month, [...users]);
      throw error;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    this.db.close();
  }
}
