import type Database from 'better-sqlite3';

/** The outbox's SQL, compiled once per connection. */
const SQL = {
  // Repeats the partial index's condition word for word: SQLite uses a partial index only when the
  // query implies its WHERE, and `kind = ?` alone does not imply `kind <> 'event'` (a full scan per order).
  findQueued: `SELECT id, bytes, body FROM records WHERE kind = ? AND key = ? AND state = 'queued' AND kind <> 'event'`,
  insert: `INSERT INTO records (kind, key, body, bytes, next_attempt_at, created_at, visitor) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  coalesce: `UPDATE records SET body = ?, bytes = ?, version = version + 1, attempts = 0, next_attempt_at = ?, created_at = ?, last_error = NULL WHERE id = ?`,
  addCounter: `UPDATE counters SET value = value + ? WHERE name = ?`,
  due: `SELECT id, kind, key, body, attempts, version, created_at AS createdAt, visitor, next_attempt_at AS dueAt FROM records
       WHERE state = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  dueAfter: `SELECT id, kind, key, body, attempts, version, created_at AS createdAt, visitor, next_attempt_at AS dueAt FROM records
       WHERE state = 'queued' AND next_attempt_at <= ? AND (next_attempt_at, id) > (?, ?) ORDER BY next_attempt_at, id LIMIT ?`,
  nextDue: `SELECT MIN(next_attempt_at) FROM records WHERE state = 'queued'`,
  deleteDelivered: `DELETE FROM records WHERE id = ? AND version = ? RETURNING bytes`,
  retryLater: `UPDATE records SET attempts = attempts + ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND version = ?`,
  deadLetter: `UPDATE records SET state = 'dead', last_error = ? WHERE id = ? AND state = 'queued' RETURNING kind`,
  requeueAll: `UPDATE records SET state = 'queued', attempts = 0, next_attempt_at = ? WHERE state = 'dead'`,
  requeueOne: `UPDATE records SET state = 'queued', attempts = 0, next_attempt_at = ? WHERE state = 'dead' AND id = ? RETURNING kind`,
  deadLetters: `SELECT id, kind, body, attempts, created_at AS createdAt, last_error AS lastError FROM records
       WHERE state = 'dead' AND (? IS NULL OR kind = ?) ORDER BY id LIMIT ?`,
  purgeDead: `DELETE FROM records WHERE state = 'dead' AND created_at < ?`,
  countsByState: `SELECT kind, state, COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS bytes FROM records GROUP BY kind, state`,
  counters: `SELECT name, value FROM counters`,
  oldestQueued: `SELECT MIN(created_at) FROM records WHERE state = 'queued'`,
  probe: `INSERT OR REPLACE INTO meta (name, value) VALUES ('probe', ?)`,
  setMeta: `INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)`,
  dataVersion: `PRAGMA data_version`,
  syncNormal: `PRAGMA synchronous = NORMAL`,
  syncFull: `PRAGMA synchronous = FULL`,
  getMeta: `SELECT value FROM meta WHERE name = ?`,
};

/** Statements that return a single column value instead of a row. */
const PLUCKED: ReadonlySet<string> = new Set([
  'dataVersion',
  'deadLetter',
  'requeueOne',
  'getMeta',
  'nextDue',
  'deleteDelivered',
  'oldestQueued',
]);

export type Statements = Record<keyof typeof SQL, Database.Statement>;

export function prepareStatements(db: Database.Database): Statements {
  const entries = Object.entries(SQL).map(([name, sql]) => {
    const statement = db.prepare(sql);
    return [name, PLUCKED.has(name) ? statement.pluck() : statement];
  });
  return Object.fromEntries(entries) as Statements;
}
