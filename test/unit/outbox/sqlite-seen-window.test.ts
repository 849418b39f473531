import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteSeenWindow } from '../../../relay/outbox/sqlite-seen-window.js';
import { openOutboxDatabase } from '../../../relay/outbox/sqlite-database.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { dedupeWindow } from '../../../relay/shared/dedupe-window.js';

const HOUR = 3600_000;
const DAY = dedupeWindow(24 * HOUR);
/** The first moment of a 6-hour slice. */
const T0 = Date.parse('2026-11-26T12:00:00Z');
const sliceOf = (at: number) => `seen_${DAY.sliceMs}_${Math.floor(at / DAY.sliceMs)}`;

/** A fresh outbox file (its schema, its `meta` and an empty legacy `seen_events`), removed after the test. */
function outboxFile(t: TestContext): { dir: string; db: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-seen-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  t.after(() => {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db };
}

/** A second connection to the same file, as the CLI's import holds one. */
function otherConnection(t: TestContext, dir: string): Database.Database {
  const db = openSqlite(join(dir, 'outbox.sqlite'));
  t.after(() => db.close());
  return db;
}

const sliceTables = (db: Database.Database) =>
  db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'seen_*' ORDER BY name`).pluck().all();

describe('SqliteSeenWindow(db, window, now)', () => {
  it('claims a new id once and answers its repeat as a duplicate, in the same commit and in a later one', (t) => {
    const { db } = outboxFile(t);
    const seen = new SqliteSeenWindow(db, DAY, T0);
    seen.begin(T0);
    assert.equal(seen.claim('a'), true);
    assert.equal(seen.claim('a'), false);
    assert.equal(seen.claim('b'), true);
    seen.begin(T0 + 7 * HOUR);
    assert.equal(seen.claim('a'), false, 'remembered in an older slice');
    assert.equal(seen.claim('c'), true);
  });

  it('remembers an id for the whole window after its claim and at most a slice longer, however late in its slice it came', (t) => {
    const { db } = outboxFile(t);
    const seen = new SqliteSeenWindow(db, DAY, T0);
    seen.begin(T0);
    seen.claim('first-moment');
    seen.begin(T0 + DAY.sliceMs - 1);
    seen.claim('last-moment');
    // 24 hours after the later claim to the millisecond, 30 hours less 1 ms after the earlier.
    seen.begin(T0 + DAY.sliceMs + DAY.windowMs - 1);
    assert.equal(seen.claim('last-moment'), false);
    assert.equal(seen.claim('first-moment'), false);
    seen.begin(T0 + DAY.sliceMs + DAY.windowMs);
    assert.equal(seen.claim('last-moment'), true, 'a window and a millisecond later: new again');
    assert.equal(seen.claim('first-moment'), true, 'a window and a slice later: new again');
  });

  it('drops with forget(now) the slices whose every id is past the window, keeps the newer ones and counts what went', (t) => {
    const { db } = outboxFile(t);
    db.exec('CREATE TABLE seen_not_a_slice (x)');
    const seen = new SqliteSeenWindow(db, DAY, T0);
    seen.begin(T0);
    seen.claim('old');
    seen.begin(T0 + 7 * HOUR);
    seen.claim('newer');
    assert.equal(seen.forget(T0 + 30 * HOUR - 1), 0, 'the oldest slice still holds an id of the last 24 hours');
    assert.equal(seen.forget(T0 + 30 * HOUR), 1);
    assert.deepEqual(sliceTables(db), [sliceOf(T0 + 7 * HOUR), 'seen_not_a_slice']);
    assert.equal(seen.forget(T0 + 30 * HOUR), 0);
    seen.begin(T0 + 30 * HOUR);
    assert.equal(seen.claim('old'), true);
    assert.equal(seen.claim('newer'), false);
  });

  it("keeps its salt in the file: the file reopened knows its ids by their 16-byte keys, another file's salt differs", (t) => {
    const { dir, db } = outboxFile(t);
    const first = new SqliteSeenWindow(db, DAY, T0);
    first.begin(T0);
    first.claim('kept-across-a-reopen');
    db.close();
    const reopened = otherConnection(t, dir);
    const again = new SqliteSeenWindow(reopened, DAY, T0 + HOUR);
    again.begin(T0 + HOUR);
    assert.equal(again.claim('kept-across-a-reopen'), false);
    const keys = reopened
      .prepare(`SELECT key FROM ${sliceOf(T0)}`)
      .pluck()
      .all() as Buffer[];
    assert.deepEqual(
      keys.map((k) => k.length),
      [16],
    );
    assert.ok(!keys[0]!.includes(Buffer.from('kept-across-a-reopen')), 'a key, not the id');

    const other = outboxFile(t).db;
    new SqliteSeenWindow(other, DAY, T0);
    const salt = (d: Database.Database) => d.prepare(`SELECT value FROM meta WHERE name = 'seen_salt'`).pluck().get();
    assert.match(String(salt(reopened)), /^[0-9a-f]{32}$/);
    assert.notEqual(salt(other), salt(reopened));
  });

  it('reads the slices again when another connection added one, so the ids it claimed there are duplicates here', (t) => {
    const { dir, db } = outboxFile(t);
    const here = new SqliteSeenWindow(db, DAY, T0);
    here.begin(T0);
    // The import's clock is ahead: its slice is one this window has not made yet.
    const import_ = new SqliteSeenWindow(otherConnection(t, dir), DAY, T0);
    import_.begin(T0 + 6 * HOUR);
    assert.equal(import_.claim('from-the-import'), true);
    here.begin(T0 + HOUR);
    assert.equal(here.claim('from-the-import'), false);
  });

  it('lets go of a slice another connection dropped instead of failing on it', (t) => {
    const { dir, db } = outboxFile(t);
    const here = new SqliteSeenWindow(db, DAY, T0);
    here.begin(T0);
    here.claim('a');
    here.begin(T0 + 24 * HOUR);
    const other = new SqliteSeenWindow(otherConnection(t, dir), DAY, T0);
    assert.equal(other.forget(T0 + 30 * HOUR), 1);
    here.begin(T0 + 24 * HOUR + 1);
    assert.equal(here.claim('b'), true);
    assert.equal(here.claim('b'), false);
  });

  it('moves the ids an earlier version kept in seen_events to the slices of their time, page by page, leaves the expired and drops the table', (t) => {
    const { db } = outboxFile(t);
    const insert = db.prepare('INSERT INTO seen_events (event_id, seen_at) VALUES (?, ?)');
    const recent = Array.from({ length: 10_001 }, (_, i) => `recent-${String(i).padStart(5, '0')}`);
    db.transaction(() => {
      for (const id of recent) insert.run(id, T0 - HOUR);
      insert.run('an-hour-past-the-window', T0 - 25 * HOUR);
    })();
    const seen = new SqliteSeenWindow(db, DAY, T0);
    assert.deepEqual(sliceTables(db), [sliceOf(T0 - HOUR)], 'one slice made, seen_events gone');
    assert.equal(
      db
        .prepare(`SELECT count(*) FROM ${sliceOf(T0 - HOUR)}`)
        .pluck()
        .get(),
      recent.length,
    );
    seen.begin(T0);
    for (const id of [recent[0]!, recent[9_999]!, recent[10_000]!]) assert.equal(seen.claim(id), false, id);
    assert.equal(seen.claim('an-hour-past-the-window'), true);
    assert.doesNotThrow(() => new SqliteSeenWindow(db, DAY, T0), 'moved once: a later start finds no seen_events');
  });

  it('still refuses the ids kept in slices of another window length, until they are past the window now set', (t) => {
    const { db } = outboxFile(t);
    const halfDay = dedupeWindow(12 * HOUR);
    const before = new SqliteSeenWindow(db, halfDay, T0);
    before.begin(T0);
    before.claim('under-12-hours');
    const now = new SqliteSeenWindow(db, DAY, T0 + HOUR);
    now.begin(T0 + HOUR);
    assert.equal(now.claim('under-12-hours'), false);
    // Its 3-hour slice is past the 24-hour window 27 hours after T0.
    assert.equal(now.forget(T0 + 27 * HOUR - 1), 0);
    assert.equal(now.forget(T0 + 27 * HOUR), 1);
    assert.deepEqual(sliceTables(db), [sliceOf(T0 + HOUR)]);
  });
});
