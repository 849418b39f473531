import type Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../shared/sqlite-driver.js';
import { openOutboxDatabase } from './sqlite-database.js';

/** Rows read per query; a range that fails is halved until the rows it cannot read stand alone. */
const RANGE = 1_000;
const COLUMNS = [
  'id',
  'kind',
  'key',
  'body',
  'bytes',
  'state',
  'attempts',
  'version',
  'next_attempt_at',
  'created_at',
  'last_error',
  'visitor',
];

export interface OutboxRecovery {
  /** Records read from the damaged file and written to the new one, by state. */
  recovered: { queued: number; dead: number };
  /**
   * Records the damaged file counted as waiting that could not be read; null when its counters
   * cannot be read either.
   */
  lost: number | null;
  /** Where the damaged file now is (its -wal and -shm beside it). */
  keptAs: string;
}

type Row = Record<string, unknown>;

/** The records of ids `from`…`to` SQLite can still read, halving a range that fails down to the ids it cannot. */
function readRange(range: Database.Statement, from: number, to: number): Row[] {
  try {
    return range.all(from, to) as Row[];
  } catch {
    if (from === to) return [];
    const middle = Math.floor((from + to) / 2);
    return [...readRange(range, from, middle), ...readRange(range, middle + 1, to)];
  }
}

/** The highest id the file knows of, from the table or from AUTOINCREMENT's own record; 0 when neither can be read. */
function lastId(db: Database.Database): number {
  for (const sql of [
    'SELECT max(id) AS n FROM records',
    "SELECT seq AS n FROM sqlite_sequence WHERE name = 'records'",
  ]) {
    try {
      const n = (db.prepare(sql).get() as { n: number | null } | undefined)?.n;
      if (typeof n === 'number') return n;
    } catch {
      // The next way of knowing, or none.
    }
  }
  return 0;
}

/** The damaged file's own counters: `accepted` less `delivered` is what it held; null when they cannot be read. */
function countersOf(db: Database.Database): { accepted: number; delivered: number } | null {
  try {
    const rows = db.prepare("SELECT name, value FROM counters WHERE name IN ('accepted', 'delivered')").all() as {
      name: string;
      value: number;
    }[];
    const value = (name: string) => rows.find((row) => row.name === name)?.value;
    const [accepted, delivered] = [value('accepted'), value('delivered')];
    return accepted === undefined || delivered === undefined ? null : { accepted, delivered };
  } catch {
    return null;
  }
}

/** Whether SQLite reads the file whole: then it is no case for recovery (and may be a running relay's). */
function isIntact(file: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = openSqlite(file);
    return db.pragma('quick_check(1)', { simple: true }) === 'ok';
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Moves `outbox.sqlite` and its -wal and -shm aside under one new name; returns it. */
function keepAside(file: string, now: number): string {
  const kept = `${file}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, kept + suffix);
  return kept;
}

/** Writes the rows into a new outbox, its counters so that accepted = delivered + queued + dead holds. */
function writeRecovered(dataDir: string, rows: Row[], delivered: number): OutboxRecovery['recovered'] {
  const db = openOutboxDatabase(dataDir, 'FULL');
  try {
    const columns = COLUMNS.filter((column) => rows.some((row) => column in row));
    const insert = db.prepare(
      `INSERT OR IGNORE INTO records (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const counts = { queued: 0, dead: 0 };
    db.transaction(() => {
      for (const row of rows) {
        if (insert.run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))).changes === 0) continue;
        if (row['state'] === 'dead') counts.dead += 1;
        else counts.queued += 1;
      }
      db.prepare("UPDATE counters SET value = ? WHERE name = 'delivered'").run(delivered);
      db.prepare("UPDATE counters SET value = ? WHERE name = 'accepted'").run(delivered + counts.queued + counts.dead);
    })();
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Reads what SQLite still can of a damaged `outbox.sqlite` into a new one, keeping the damaged
 * file beside it. The duplicate window starts empty (a batch sent again within 24 hours of the
 * damage may be delivered twice) and the pause note is not carried over.
 */
export function recoverOutbox(dataDir: string, now = Date.now()): OutboxRecovery {
  const file = join(dataDir, 'outbox.sqlite');
  if (!existsSync(file)) throw new Error(`there is no outbox to recover: ${file} does not exist`);
  if (isIntact(file))
    throw new Error(
      `${file} is not damaged (SQLite's quick_check finds nothing): there is nothing to recover, and a relay may be using it`,
    );
  const keptAs = keepAside(file, now);
  let rows: Row[] = [];
  let counters: { accepted: number; delivered: number } | null = null;
  let damaged: Database.Database | undefined;
  try {
    damaged = openSqlite(keptAs);
    const last = lastId(damaged);
    const range = damaged.prepare('SELECT * FROM records WHERE id BETWEEN ? AND ? ORDER BY id');
    for (let from = 1; from <= last; from += RANGE)
      rows.push(...readRange(range, from, Math.min(last, from + RANGE - 1)));
    counters = countersOf(damaged);
  } catch {
    // Not a database at all any more (its header is gone): nothing to read.
    rows = [];
  } finally {
    damaged?.close();
  }
  const recovered = writeRecovered(dataDir, rows, counters?.delivered ?? 0);
  const lost = counters
    ? Math.max(0, counters.accepted - counters.delivered - recovered.queued - recovered.dead)
    : null;
  return { recovered, lost, keptAs };
}
