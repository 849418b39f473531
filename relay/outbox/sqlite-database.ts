import type Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../shared/sqlite-driver.js';
import { privateDir, privateFile } from '../shared/private-files.js';
import { SqliteDriverError } from '../shared/sqlite-driver-error.js';
import { isDamagedFile, OutboxOpenError, type LostOutbox } from './outbox-errors.js';
import { migrate } from '../shared/schema-version.js';
import { OUTBOX_SCHEMA } from './schema.js';

/**
 * Files that only exist where a SQLite outbox was kept: its own journal and shared memory, and the
 * visitor count and order coverage, which the relay makes beside it after opening it (with Redis
 * they are kept there instead). `platforms.sqlite` is not one: a backfill may make it in a
 * directory whose outbox is elsewhere.
 */
const TRACES = ['outbox.sqlite-wal', 'outbox.sqlite-shm', 'visitors.sqlite', 'coverage.sqlite'];

/**
 * The file in `dataDir` showing an outbox was kept there, or undefined. With one, a missing or
 * empty `outbox.sqlite` is records lost, not a first start.
 */
export function formerOutboxTrace(dataDir: string): string | undefined {
  return TRACES.map((name) => join(dataDir, name)).find((path) => existsSync(path));
}

/**
 * Whether `outbox.sqlite` is missing or empty (SQLite reads no WAL beside a file without a header)
 * where a trace shows one was kept: looked at before opening, which makes the file and its journal.
 */
function lostOutbox(dataDir: string): LostOutbox | undefined {
  const file = join(dataDir, 'outbox.sqlite');
  const found = !existsSync(file) ? 'missing' : statSync(file).size === 0 ? 'empty' : undefined;
  const trace = found && formerOutboxTrace(dataDir);
  return found && trace ? { found, trace } : undefined;
}

/**
 * Opens (creating) `outbox.sqlite` in WAL mode with the schema; a directory that cannot hold it, a
 * damaged file, or one missing or emptied where an outbox was kept, fails here, at start, with a
 * message naming `SHOPBEACON_DATA_DIR` or the file.
 */
export function openOutboxDatabase(dataDir: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  const lost = lostOutbox(dataDir);
  if (lost) throw new OutboxOpenError(dataDir, undefined, lost);
  let db: Database.Database;
  try {
    privateDir(dataDir);
    privateFile(join(dataDir, 'outbox.sqlite'));
    db = openSqlite(join(dataDir, 'outbox.sqlite'));
    // Only a file without tables takes it: pages freed by deliveries can then be given back.
    if (db.pragma('page_count', { simple: true }) === 0) db.pragma('auto_vacuum = INCREMENTAL');
    db.pragma('journal_mode = WAL');
  } catch (error) {
    if (error instanceof SqliteDriverError) throw error;
    throw new OutboxOpenError(dataDir, error);
  }
  try {
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('busy_timeout = 5000');
    // A WAL that grew during a burst (an outage's backlog) is cut back to 32 MiB at the next checkpoint.
    db.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
    migrate(db, OUTBOX_SCHEMA);
    // Damage past the schema's pages shows only when read: looked for once, at start.
    const check = db.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
  } catch (error) {
    db.close();
    throw isDamagedFile(error) ? new OutboxOpenError(dataDir, error) : error;
  }
  return db;
}

/** Free pages kept for reuse: a quarter of the pages in use. */
const KEPT_FREE_SHARE = 0.25;
/** Pages given back per run at most (20 MiB of 4 KiB pages), so a run stays short. */
const MAX_PAGES_PER_RUN = 5_000;

/**
 * Gives back to the file system the free pages beyond a quarter of those in use, a bounded number per
 * call: after an outage's backlog drains, the file shrinks back instead of staying at its peak,
 * while the steady churn of queued and delivered rows reuses the pages kept. Nothing for a file
 * made before `auto_vacuum = INCREMENTAL` (it needs a VACUUM, which this never runs by itself).
 */
export function releaseFreePages(db: Database.Database): number {
  if (db.pragma('auto_vacuum', { simple: true }) !== 2) return 0;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  const excess = Math.min(MAX_PAGES_PER_RUN, Math.floor(free - (pages - free) * KEPT_FREE_SHARE));
  // Less than 256 KiB is not worth a run.
  if (excess < 64) return 0;
  db.pragma(`incremental_vacuum(${excess})`);
  return excess;
}
