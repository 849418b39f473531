import type Database from 'better-sqlite3';
import { bodyHash } from '../shared/body-hash.js';
import { openStateDatabase } from '../shared/state-database.js';

const IMPORT_STATE_SCHEMA = {
  name: 'the import state (import-state.sqlite)',
  migrations: [
    'CREATE TABLE IF NOT EXISTS done (kind TEXT NOT NULL, key TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID',
  ],
};

/**
 * What earlier runs of an import delivered, by identity and body hash, on disk (constant memory):
 * a re-run skips records delivered unchanged and sends the rest, so an interrupted import resumes.
 */
export class ImportState {
  private readonly db: Database.Database;
  private readonly isDone: Database.Statement;
  private readonly markDone: Database.Statement;

  constructor(dataDir: string) {
    this.db = openStateDatabase(dataDir, 'import-state.sqlite', IMPORT_STATE_SCHEMA);
    this.isDone = this.db.prepare('SELECT 1 FROM done WHERE kind = ? AND key = ? AND hash = ?').pluck();
    this.markDone = this.db.prepare('INSERT OR REPLACE INTO done (kind, key, hash) VALUES (?, ?, ?)');
  }

  delivered(kind: string, key: string, body: string): boolean {
    return this.isDone.get(kind, key, bodyHash(body)) !== undefined;
  }

  markDelivered(kind: string, key: string, body: string): void {
    this.markDone.run(kind, key, bodyHash(body));
  }

  close(): void {
    this.db.close();
  }
}
