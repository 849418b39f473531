import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate, type VersionedSchema } from './schema-version.js';
import { openSqlite } from './sqlite-driver.js';
import { privateDir, privateFile } from './private-files.js';

/**
 * A SQLite file of its own beside the outbox (`visitors.sqlite`, `platforms.sqlite`, an import's
 * state), in WAL mode with `synchronous=NORMAL`: what it holds can be rebuilt or only costs a resend,
 * so it does not pay the outbox's fsync, and a second connection to outbox.sqlite would make the
 * outbox rebuild its tallies.
 */
export function openStateDatabase(dataDir: string, file: string, schema: VersionedSchema): Database.Database {
  privateDir(dataDir);
  privateFile(join(dataDir, file));
  const db = openSqlite(join(dataDir, file));
  try {
    migrate(db, schema);
  } catch (error) {
    db.close();
    throw error;
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}
