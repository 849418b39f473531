import type Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../shared/sqlite-driver.js';
import { SqliteDriverError } from '../shared/sqlite-driver-error.js';
import { outboxUnavailable } from '../shared/storage-error.js';
import { OutboxOpenError } from './outbox-errors.js';
import { migrate } from '../shared/schema-version.js';
import { OUTBOX_SCHEMA } from './schema.js';

/** SQLite's codes for a disk or file that cannot take a write now: the outbox is unavailable, not broken. */
const STORAGE_CODES = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED|CORRUPT|NOTADB|PERM)/;

/** A failed commit as `outbox_unavailable` when the disk is to blame; anything else as it is. */
export function asStorageError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && STORAGE_CODES.test(code) ? outboxUnavailable(code) : error;
}

/**
 * Opens (creating) `outbox.sqlite` in WAL mode with the schema; a directory that cannot hold it
 * fails here, at start, with a message naming `SHOPBEACON_DATA_DIR`.
 */
export function openOutboxDatabase(dataDir: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  let db: Database.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = openSqlite(join(dataDir, 'outbox.sqlite'));
    db.pragma('journal_mode = WAL');
  } catch (error) {
    if (error instanceof SqliteDriverError) throw error;
    throw new OutboxOpenError(dataDir, error);
  }
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db, OUTBOX_SCHEMA);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
