import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SchemaTooNewError, type VersionedSchema } from '../../../relay/shared/schema-version.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { openStateDatabase } from '../../../relay/shared/state-database.js';

const SCHEMA: VersionedSchema = {
  name: 'the test state (state.sqlite)',
  migrations: [
    'CREATE TABLE IF NOT EXISTS visits (id TEXT PRIMARY KEY)',
    'ALTER TABLE visits ADD COLUMN seen_at INTEGER',
  ],
};

/** A folder of the test's own (not yet holding `data`), removed after it, and the databases opened in it closed. */
function folder(t: TestContext): { root: string; opened: (db: Database.Database) => Database.Database } {
  const root = mkdtempSync(join(tmpdir(), 'sb-state-db-'));
  const dbs: Database.Database[] = [];
  t.after(() => {
    for (const db of dbs) if (db.open) db.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { root, opened: (db) => (dbs.push(db), db) };
}

/** The files this process holds open under `dir`, as Linux lists them. */
const openFilesUnder = (dir: string) =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });

describe('openStateDatabase(dataDir, file, schema)', () => {
  it('creates a missing data folder 0700 and the file 0600, at the latest schema, in WAL mode without the fsync', (t) => {
    const { root, opened } = folder(t);
    const dataDir = join(root, 'data');
    const db = opened(openStateDatabase(dataDir, 'state.sqlite', SCHEMA));
    // Asked first: the driver's own WAL default would set NORMAL too, but only at the connection's next read.
    assert.equal(db.pragma('synchronous', { simple: true }), 1, 'NORMAL');
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dataDir, 'state.sqlite')).mode & 0o777, 0o600);
    assert.equal(db.pragma('user_version', { simple: true }), 2);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    db.prepare('INSERT INTO visits (id, seen_at) VALUES (?, ?)').run('v', 1);
  });

  it('runs only the migrations a file still lacks, keeping what it holds, and narrows a file an older relay left wider', (t) => {
    const { root, opened } = folder(t);
    const file = join(root, 'state.sqlite');
    const old = openSqlite(file);
    old.exec(SCHEMA.migrations[0] as string);
    old.prepare('INSERT INTO visits (id) VALUES (?)').run('kept');
    old.pragma('user_version = 1');
    old.close();
    chmodSync(file, 0o644);
    const db = opened(openStateDatabase(root, 'state.sqlite', SCHEMA));
    assert.deepEqual(db.prepare('SELECT id, seen_at FROM visits').all(), [{ id: 'kept', seen_at: null }]);
    assert.equal(db.pragma('user_version', { simple: true }), 2);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('refuses a file a newer shopbeacon wrote, naming it, and leaves it closed and as it was', (t) => {
    const { root } = folder(t);
    const file = join(root, 'state.sqlite');
    const newer = openSqlite(file);
    newer.pragma('user_version = 9');
    newer.close();
    assert.throws(
      () => openStateDatabase(root, 'state.sqlite', SCHEMA),
      (error: unknown) =>
        error instanceof SchemaTooNewError &&
        error.message.startsWith('the test state (state.sqlite) has schema version 9, written by a newer shopbeacon'),
    );
    assert.deepEqual(openFilesUnder(root), [], 'the connection was closed');
    assert.equal(existsSync(`${file}-wal`), false, 'not switched to WAL');
    const after = openSqlite(file);
    assert.deepEqual(
      [after.pragma('user_version', { simple: true }), after.pragma('journal_mode', { simple: true })],
      [9, 'delete'],
    );
    after.close();
  });
});
