/**
 * The outbox tables. Indexes keep the hot operations (find due, coalesce by id, check an event_id)
 * logarithmic at millions of rows. Delivered rows are deleted; `counters` keeps the totals so that
 * `accepted == delivered + queued + dead` can be checked at any moment.
 */
const VERSION_1 = `
CREATE TABLE IF NOT EXISTS records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  body TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  next_attempt_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS records_due ON records (state, next_attempt_at);
CREATE INDEX IF NOT EXISTS records_age ON records (state, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS records_coalesce ON records (kind, key) WHERE state = 'queued' AND kind <> 'event';
CREATE TABLE IF NOT EXISTS seen_events (event_id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seen_events_age ON seen_events (seen_at);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT OR IGNORE INTO counters (name, value) VALUES ('accepted', 0), ('delivered', 0), ('coalesced', 0);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
`;

/**
 * Each event's visitor (`<month>\t<user_id>`, visitor-field.ts), so the visitor count reads it at
 * delivery instead of parsing the body again. Events queued by an earlier version get
 * theirs from their body here, once: the month as written is the datetime's first seven characters.
 */
const VERSION_2 = `
ALTER TABLE records ADD COLUMN visitor TEXT;
UPDATE records SET visitor = COALESCE(substr(json_extract(body, '$.datetime'), 1, 7), '') || char(9) || json_extract(body, '$.user_id')
  WHERE kind = 'event' AND CASE WHEN json_valid(body) THEN json_type(body, '$.user_id') = 'text' AND json_extract(body, '$.user_id') <> '' ELSE 0 END;
`;

/**
 * The duplicate window moves to slices of 16-byte keys (`sqlite-seen-window.ts`), which
 * moves the ids of `seen_events` in code (they are hashed) and drops the table. The age index goes
 * here, and the version tells an earlier relay that this file is not its own any more.
 */
const VERSION_3 = `DROP INDEX IF EXISTS seen_events_age;`;

/**
 * The outbox's schema, versioned with `PRAGMA user_version` (version 0: files written before
 * versions existed, same tables).
 */
export const OUTBOX_SCHEMA = {
  name: 'the outbox (outbox.sqlite)',
  migrations: [VERSION_1, VERSION_2, VERSION_3],
} as const;
