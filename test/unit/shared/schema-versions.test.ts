import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportState } from '../../../relay/import/import-state.js';
import { SchemaTooNewError } from '../../../relay/shared/schema-version.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { SqlitePlatformState } from '../../../relay/platform-state/sqlite-platform-state.js';
import { SqliteVisitors } from '../../../relay/visitors/sqlite-visitors.js';

/** A data directory whose `file` a newer shopbeacon wrote: schema version 99. */
function newerFile(file: string): { dir: string; digest: () => string } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-newer-'));
  const db = openSqlite(join(dir, file));
  db.exec('CREATE TABLE written_by_the_future (x)');
  db.pragma('user_version = 99');
  db.close();
  return {
    dir,
    digest: () =>
      createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex'),
  };
}

/** Each side file, its name in messages, how it is opened, and the newest schema version this release knows. */
const SIDE_FILES: [string, string, (dir: string) => { close(): unknown }, number][] = [
  ['platforms.sqlite', 'the platform state (platforms.sqlite)', (dir) => new SqlitePlatformState(dir), 2],
  ['visitors.sqlite', 'the visitor count (visitors.sqlite)', (dir) => new SqliteVisitors(dir), 1],
  ['import-state.sqlite', 'the import state (import-state.sqlite)', (dir) => new ImportState(dir), 1],
];

describe('the side SQLite files written by a newer version', () => {
  for (const [file, name, open, known] of SIDE_FILES) {
    it(`refuses ${file} with one line naming both versions, and changes nothing in it`, () => {
      const { dir, digest } = newerFile(file);
      const before = digest();
      assert.throws(
        () => open(dir).close(),
        (error: unknown) =>
          error instanceof SchemaTooNewError &&
          error.message.startsWith(
            `${name} has schema version 99, written by a newer shopbeacon; this one knows versions up to ${known}.`,
          ),
      );
      assert.equal(digest(), before);
    });
  }
});
