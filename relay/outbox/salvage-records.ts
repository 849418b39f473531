import type Database from 'better-sqlite3';
import { openSqlite } from '../shared/sqlite-driver.js';
import { recordFromPage, recoveredRecord, type RecoveredRecord } from './recovered-record.js';
import { tableLeafRows } from './sqlite-page-scan.js';

/** Rows read per query; a range that fails is halved until the rows it cannot read stand alone. */
const RANGE = 1_000;

/** How a record was read: through SQLite's tree, or from a leaf page that no readable tree leads to. */
export type ReadBy = 'sqlite' | 'pages';

/** The damaged file's own totals: `accepted` less `delivered` is what it held. */
export interface OutboxTotals {
  accepted: number;
  delivered: number;
}

type Row = Record<string, unknown>;

/**
 * The ids SQLite answered for, added in ascending ranges: there its answer is the file's, and a row
 * found on a page for an id it did not return is one deleted (delivered) before the damage.
 */
class AnsweredIds {
  private readonly ranges: [number, number][] = [];

  add(from: number, to: number): void {
    this.ranges.push([from, to]);
  }

  has(id: number): boolean {
    let [low, high] = [0, this.ranges.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = this.ranges[middle];
      if (range === undefined) return false;
      if (id < range[0]) high = middle - 1;
      else if (id > range[1]) low = middle + 1;
      else return true;
    }
    return false;
  }
}

/** The rows of ids `from`…`to` SQLite can still read, halving a range that fails down to the ids it cannot. */
function readRange(range: Database.Statement, from: number, to: number, answered: AnsweredIds): Row[] {
  try {
    const rows = range.all(from, to) as Row[];
    answered.add(from, to);
    return rows;
  } catch {
    if (from === to) return [];
    const middle = Math.floor((from + to) / 2);
    return [...readRange(range, from, middle, answered), ...readRange(range, middle + 1, to, answered)];
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

function totalsOf(db: Database.Database): OutboxTotals | null {
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

/** What SQLite reads of the file through its tree, range by range; the ids it answered for are noted. */
function readThroughSqlite(
  file: string,
  answered: AnsweredIds,
  take: (record: RecoveredRecord) => void,
): OutboxTotals | null {
  let db: Database.Database | undefined;
  try {
    db = openSqlite(file, { fileMustExist: true });
    // As the sqlite3 shell's .dump does: a schema that no longer parses whole (a table's pages past
    // the file's end) does not keep the rest from being read. The driver's defensive mode forbids
    // it; this connection only reads a copy.
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    const last = lastId(db);
    const range = db.prepare('SELECT * FROM records WHERE id BETWEEN ? AND ? ORDER BY id');
    for (let from = 1; from <= last; from += RANGE)
      for (const row of readRange(range, from, Math.min(last, from + RANGE - 1), answered)) {
        const record = recoveredRecord(row);
        if (record) take(record);
      }
    // No id above it was ever given (AUTOINCREMENT), or is left (the table's own maximum).
    if (last > 0) answered.add(last + 1, Number.MAX_SAFE_INTEGER);
    return totalsOf(db);
  } catch {
    // Not a database SQLite opens any more: the pages are all there is.
    return null;
  } finally {
    db?.close();
  }
}

/**
 * Every record of a damaged outbox file that can be read: first what SQLite reads through the
 * table's tree (its answer is the file's own), then, for the ids it could not answer for, the
 * records on the file's leaf pages (a lost root or interior page leaves its leaves unreachable
 * to SQLite, not unreadable). Returns the file's totals, or null when they cannot be read.
 * The file is read and may be changed (SQLite replays a journal beside it): give it a copy.
 */
export function salvageRecords(file: string, take: (record: RecoveredRecord, by: ReadBy) => void): OutboxTotals | null {
  const answered = new AnsweredIds();
  const totals = readThroughSqlite(file, answered, (record) => take(record, 'sqlite'));
  for (const { rowid, values } of tableLeafRows(file)) {
    if (answered.has(rowid)) continue;
    const record = recordFromPage(rowid, values);
    if (record) take(record, 'pages');
  }
  return totals;
}
