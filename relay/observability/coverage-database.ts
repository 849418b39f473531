import type Database from 'better-sqlite3';
import { migrate, type VersionedSchema } from '../shared/schema-version.js';
import { openSqlite } from '../shared/sqlite-driver.js';
import { openStateDatabase } from '../shared/state-database.js';

/**
 * Version 2 counts as records arrive, within caps, instead of keeping every order and
 * `Order Completed` to count at each read: what version 1 kept cannot tell the shop's own
 * `Order Completed` from a browser's claim, so it is not carried over, and the relay begins noting
 * again.
 */
const COUNTED = `
  DROP TABLE IF EXISTS orders;
  DROP TABLE IF EXISTS completions;
  DROP TABLE IF EXISTS sessions;
  DELETE FROM began;
  CREATE TABLE orders (platform TEXT NOT NULL, order_id TEXT NOT NULL, created_at INTEGER NOT NULL, counted INTEGER NOT NULL,
    storefront INTEGER NOT NULL, channel TEXT, joined INTEGER NOT NULL, claimed INTEGER NOT NULL, duplicated INTEGER NOT NULL,
    seen_at INTEGER NOT NULL, PRIMARY KEY (platform, order_id)) WITHOUT ROWID;
  CREATE INDEX orders_by_id ON orders (order_id);
  CREATE INDEX orders_unjoined ON orders (platform, joined, created_at);
  CREATE INDEX orders_duplicated ON orders (platform, duplicated, created_at);
  CREATE INDEX orders_seen ON orders (seen_at);
  CREATE TABLE named (order_id TEXT PRIMARY KEY, at INTEGER NOT NULL, counted INTEGER NOT NULL, proven INTEGER NOT NULL,
    claims INTEGER NOT NULL, unmatched INTEGER NOT NULL, seen_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX named_unmatched ON named (unmatched, at);
  CREATE INDEX named_seen ON named (seen_at);
  CREATE TABLE order_tally (platform TEXT NOT NULL, hour INTEGER NOT NULL, orders INTEGER NOT NULL DEFAULT 0,
    storefront INTEGER NOT NULL DEFAULT 0, joined INTEGER NOT NULL DEFAULT 0, unjoined INTEGER NOT NULL DEFAULT 0,
    claimed INTEGER NOT NULL DEFAULT 0, duplicated INTEGER NOT NULL DEFAULT 0, not_kept INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, hour)) WITHOUT ROWID;
  CREATE TABLE named_tally (hour INTEGER PRIMARY KEY, unmatched INTEGER NOT NULL DEFAULT 0,
    claims INTEGER NOT NULL DEFAULT 0, not_kept INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE kept (scope TEXT NOT NULL, month TEXT NOT NULL, rows INTEGER NOT NULL DEFAULT 0,
    refused INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (scope, month)) WITHOUT ROWID;
  CREATE TABLE sessions (month TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, first_at INTEGER NOT NULL,
    PRIMARY KEY (month, session_id, user_id)) WITHOUT ROWID;
  CREATE TABLE identified_later (month TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (month, user_id)) WITHOUT ROWID;
  CREATE TABLE month_tally (month TEXT PRIMARY KEY, identified_later INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;`;

/**
 * Version 3 names why a storefront order went unjoined: a bot verdict on the `Order Completed`
 * that named it (`named.bots`), or no event heard from the shop around its time (`heard`). Only
 * storefront orders count as unjoined or claimed, and the hours are counted again so from the
 * orders kept.
 */
const CAUSES = `
  ALTER TABLE named ADD COLUMN bots INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE heard (hour INTEGER PRIMARY KEY, events INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX orders_elsewhere ON orders (platform, storefront, created_at);
  UPDATE order_tally SET
    unjoined = (SELECT COUNT(*) FROM orders o WHERE o.platform = order_tally.platform AND o.created_at / 3600000 = order_tally.hour
      AND o.counted = 1 AND o.storefront = 1 AND o.joined = 0),
    claimed = (SELECT COUNT(*) FROM orders o WHERE o.platform = order_tally.platform AND o.created_at / 3600000 = order_tally.hour
      AND o.counted = 1 AND o.storefront = 1 AND o.joined = 0 AND o.claimed = 1);`;

const SCHEMA: VersionedSchema = {
  name: 'the order coverage (coverage.sqlite)',
  migrations: [
    `CREATE TABLE IF NOT EXISTS orders (platform TEXT NOT NULL, order_id TEXT NOT NULL, created_at INTEGER NOT NULL, channel TEXT, seen_at INTEGER NOT NULL, PRIMARY KEY (platform, order_id)) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS completions (order_id TEXT NOT NULL, user_id TEXT NOT NULL, at INTEGER NOT NULL, seen_at INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS completions_seen ON completions (seen_at);
     CREATE TABLE IF NOT EXISTS began (at INTEGER NOT NULL);
     CREATE TABLE IF NOT EXISTS sessions (month TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, first_at INTEGER NOT NULL, PRIMARY KEY (month, session_id, user_id)) WITHOUT ROWID;`,
    COUNTED,
    CAUSES,
  ],
};

/**
 * `coverage.sqlite` in the data directory, or, without one, a database in memory: a relay whose
 * state is all in Redis may not even write its data directory (the compose file's tmpfs), so it
 * counts per relay and until it restarts.
 */
export function openCoverageDatabase(dataDir: string | undefined): Database.Database {
  if (dataDir !== undefined) return openStateDatabase(dataDir, 'coverage.sqlite', SCHEMA);
  const db = openSqlite(':memory:');
  migrate(db, SCHEMA);
  return db;
}
