import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openOutboxDatabase, releaseFreePages, formerOutboxTrace } from '../../../relay/outbox/sqlite-database.js';
import { OutboxOpenError } from '../../../relay/outbox/outbox-errors.js';

/** An outbox with some rows in it, closed, in a directory of its own. */
function filledOutbox(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-damaged-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  db.exec('CREATE TABLE padding (text TEXT)');
  const insert = db.prepare('INSERT INTO padding VALUES (?)');
  for (let i = 0; i < 400; i += 1) insert.run(randomBytes(400).toString('hex'));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return dir;
}

const damaged = (dir: string) => (error: unknown) => {
  assert.ok(error instanceof OutboxOpenError);
  assert.match(error.message, new RegExp(`^${join(dir, 'outbox.sqlite').replaceAll('/', '\\/')} is damaged \\(`));
  assert.match(
    error.message,
    new RegExp(
      `Run \`shopbeacon outbox recover --data-dir ${dir.replaceAll('/', '\\/')}\`: it reads what SQLite still can into a new outbox and keeps the damaged file beside it; then start again$`,
    ),
  );
  assert.doesNotMatch(error.message, /writable/);
  return true;
};

describe('a damaged outbox at start', () => {
  it('refuses random bytes where the file should be, naming the file and what to do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-damaged-'));
    try {
      writeFileSync(join(dir, 'outbox.sqlite'), randomBytes(64 * 1024));
      assert.throws(() => openOutboxDatabase(dir, 'NORMAL'), damaged(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file cut short, and one overwritten in the middle, as damaged rather than unwritable', () => {
    for (const harm of ['truncate', 'overwrite'] as const) {
      const dir = filledOutbox();
      const file = join(dir, 'outbox.sqlite');
      try {
        const size = statSync(file).size;
        if (harm === 'truncate') writeFileSync(file, readFileSync(file).subarray(0, Math.floor(size / 2)));
        else {
          const fd = openSync(file, 'r+');
          writeSync(fd, randomBytes(8192), 0, 8192, Math.floor(size / 2));
          closeSync(fd);
        }
        assert.throws(() => openOutboxDatabase(dir, 'NORMAL'), damaged(dir), harm);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('opens a healthy one', () => {
    const dir = filledOutbox();
    try {
      openOutboxDatabase(dir, 'NORMAL').close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an outbox missing or emptied at start', () => {
  const lost = (dir: string, found: string, trace: string) => (error: unknown) => {
    assert.ok(error instanceof OutboxOpenError);
    assert.equal(
      error.message,
      `${join(dir, 'outbox.sqlite')} is ${found}, but ${join(dir, trace)} shows an outbox was kept here: the records it held are gone, so the relay will not silently start a new, empty one. ` +
        `Run \`shopbeacon outbox recover --data-dir ${dir}\`: it reads what is left, says what was lost and starts a new outbox; then start again`,
    );
    return true;
  };

  it('is refused where its journal, the visitor count or the order coverage shows one was kept, and no file is made', () => {
    for (const trace of ['outbox.sqlite-wal', 'visitors.sqlite', 'coverage.sqlite']) {
      const dir = mkdtempSync(join(tmpdir(), 'sb-lost-'));
      try {
        writeFileSync(join(dir, trace), '');
        assert.throws(() => openOutboxDatabase(dir, 'NORMAL'), lost(dir, 'missing', trace));
        assert.equal(existsSync(join(dir, 'outbox.sqlite')), false);
        writeFileSync(join(dir, 'outbox.sqlite'), '');
        assert.throws(() => openOutboxDatabase(dir, 'NORMAL'), lost(dir, 'empty (0 bytes)', trace));
        assert.equal(statSync(join(dir, 'outbox.sqlite')).size, 0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('starts a new outbox in a directory that shows none was kept there, empty file or none', () => {
    for (const empty of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'sb-lost-'));
      try {
        writeFileSync(join(dir, 'platforms.sqlite'), '');
        if (empty) writeFileSync(join(dir, 'outbox.sqlite'), '');
        openOutboxDatabase(dir, 'NORMAL').close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('releaseFreePages(db)', () => {
  it("gives back the free pages beyond a quarter of those in use, once a new outbox file's rows are gone", () => {
    const db = openOutboxDatabase(mkdtempSync(join(tmpdir(), 'sb-free-')), 'NORMAL');
    assert.equal(db.pragma('auto_vacuum', { simple: true }), 2);
    db.exec('CREATE TABLE scratch (body TEXT)');
    const insert = db.prepare('INSERT INTO scratch VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(4_000));
    })();
    const full = db.pragma('page_count', { simple: true }) as number;
    db.exec('DELETE FROM scratch');
    const freed = db.pragma('freelist_count', { simple: true }) as number;

    assert.ok(freed > full / 2);
    const released = releaseFreePages(db);
    assert.ok(released > 0);
    const pages = db.pragma('page_count', { simple: true }) as number;
    assert.ok(pages < full, `${pages} pages after, ${full} before`);
    const free = db.pragma('freelist_count', { simple: true }) as number;
    assert.ok(free <= Math.ceil((pages - free) * 0.25) + 1, `${free} free of ${pages}`);
    assert.equal(releaseFreePages(db), 0);
    db.close();
  });
});

describe('formerOutboxTrace(dataDir)', () => {
  it("names the outbox's journal, its shared memory, the visitor count or the order coverage when one is there", () => {
    for (const name of ['outbox.sqlite-wal', 'outbox.sqlite-shm', 'visitors.sqlite', 'coverage.sqlite']) {
      const dir = mkdtempSync(join(tmpdir(), 'sb-trace-'));
      try {
        writeFileSync(join(dir, name), '');
        assert.equal(formerOutboxTrace(dir), join(dir, name));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('finds none in a new directory, one that does not exist, or one holding only what a backfill may leave (platforms.sqlite)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-trace-'));
    try {
      assert.equal(formerOutboxTrace(dir), undefined);
      assert.equal(formerOutboxTrace(join(dir, 'not-there')), undefined);
      writeFileSync(join(dir, 'platforms.sqlite'), '');
      assert.equal(formerOutboxTrace(dir), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
