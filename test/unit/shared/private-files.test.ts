import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateDir, privateFile } from '../../../relay/shared/private-files.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A directory of the test's own, removed after it whatever the outcome. */
function scratch(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-private-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('privateDir(dir)', () => {
  it('makes a missing data directory 0700, with the missing directories above it', (t) => {
    const parent = join(scratch(t), 'var');
    const dir = join(parent, 'shopbeacon');
    privateDir(dir);
    assert.equal(modeOf(dir), 0o700);
    assert.ok(statSync(parent).isDirectory());
  });

  it('leaves a directory the operator made as it is, since it may be shared', (t) => {
    const dir = join(scratch(t), 'mounted');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o1777);
    privateDir(dir);
    assert.equal(statSync(dir).mode & 0o7777, 0o1777);
  });
});

describe('privateFile(file)', () => {
  it('creates a missing file empty and 0600, and no -wal or -shm beside it', (t) => {
    const file = join(scratch(t), 'outbox.sqlite');
    privateFile(file);
    assert.equal(modeOf(file), 0o600);
    assert.equal(statSync(file).size, 0);
    assert.equal(existsSync(`${file}-wal`), false);
    assert.equal(existsSync(`${file}-shm`), false);
  });

  it('narrows a file an older relay left open to its group or others to 0600, with its -wal and -shm, keeping what they hold', (t) => {
    const file = join(scratch(t), 'outbox.sqlite');
    const wider = { [file]: 0o640, [`${file}-wal`]: 0o604, [`${file}-shm`]: 0o666 };
    for (const [path, mode] of Object.entries(wider)) {
      writeFileSync(path, `what ${path} holds`);
      chmodSync(path, mode);
    }
    privateFile(file);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      assert.equal(modeOf(path), 0o600, path);
      assert.equal(readFileSync(path, 'utf8'), `what ${path} holds`, `${path} is not truncated`);
    }
  });

  it('changes nothing of a file that only its owner can reach', (t) => {
    const file = join(scratch(t), 'platforms.sqlite');
    writeFileSync(file, 'x');
    chmodSync(file, 0o700);
    privateFile(file);
    assert.equal(modeOf(file), 0o700);
  });

  it('is narrow enough that the -wal and -shm SQLite then makes beside the file are 0600 too', (t) => {
    const file = join(scratch(t), 'visitors.sqlite');
    privateFile(file);
    const db = openSqlite(file);
    t.after(() => db.close());
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    assert.equal(modeOf(`${file}-wal`), 0o600);
    assert.equal(modeOf(`${file}-shm`), 0o600);
  });
});
