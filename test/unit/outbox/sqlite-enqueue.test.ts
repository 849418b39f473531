import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { openOutboxDatabase } from '../../../relay/outbox/sqlite-database.js';
import { SqliteEnqueue, type SqliteEnqueueOptions } from '../../../relay/outbox/sqlite-enqueue.js';
import { SqliteSeenWindow } from '../../../relay/outbox/sqlite-seen-window.js';
import { prepareStatements } from '../../../relay/outbox/sqlite-statements.js';
import { SqliteTally } from '../../../relay/outbox/sqlite-tally.js';
import { dedupeWindow } from '../../../relay/shared/dedupe-window.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import type { StorageError } from '../../../relay/shared/storage-error.js';
import { outboxEvent as event, outboxOrder as order } from '../../helpers/outbox-records.js';

const T0 = Date.parse('2026-11-22T12:00:00Z');

/**
 * The way in over a fresh outbox file of its own, with the real tally and duplicate window, and
 * the ids `onCoalesced` was told; flushed, closed and removed after the test.
 */
function wayIn(t: TestContext, options: Partial<Pick<SqliteEnqueueOptions, 'limits' | 'claimsIds'>> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-enqueue-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  const sql = prepareStatements(db);
  const tally = new SqliteTally(sql, () => undefined);
  const coalesced: number[] = [];
  const way = new SqliteEnqueue({
    db,
    sql,
    tally,
    seen: new SqliteSeenWindow(db, dedupeWindow(), T0),
    limits: options.limits ?? { records: 1_000, bytes: 1_000_000 },
    groupCommitMs: 0,
    now: () => T0,
    claimsIds: options.claimsIds ?? true,
    onCoalesced: (id) => coalesced.push(id),
  });
  t.after(() => {
    way.flush();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db, tally, way, coalesced };
}

const rows = (db: Database.Database) =>
  db
    .prepare(
      'SELECT id, kind, key, body, bytes, version, attempts, last_error AS lastError, next_attempt_at AS dueAt, visitor FROM records',
    )
    .all();
const counters = (db: Database.Database) =>
  Object.fromEntries(
    (db.prepare('SELECT name, value FROM counters').all() as { name: string; value: number }[]).map((c) => [
      c.name,
      c.value,
    ]),
  );
const bytesOf = (record: OutboxRecord) => Buffer.byteLength(JSON.stringify(record.body));

describe('SqliteEnqueue(options)', () => {
  it("answers each call of a turn its own results, storing each body's exact text, its bytes and its visitor", async (t) => {
    const { db, tally, way } = wayIn(t);
    const visited = { ...event('a'), visitor: { userId: 'user-1', month: '2026-11' } };
    const [first, second, empty] = await Promise.all([
      way.enqueue([visited, event('b')]),
      way.enqueue([event('a'), order(7, 'processing')]),
      way.enqueue([]),
    ]);
    assert.deepEqual([first, second, empty], [['queued', 'queued'], ['duplicate', 'queued'], []]);
    const stored = rows(db) as { key: string; body: string; bytes: number; visitor: string | null }[];
    assert.deepEqual(
      stored.map(({ key, body, bytes, visitor }) => ({ key, body, bytes, visitor })),
      [
        { key: 'a', body: JSON.stringify(visited.body), bytes: bytesOf(visited), visitor: '2026-11\tuser-1' },
        { key: 'b', body: JSON.stringify(event('b').body), bytes: bytesOf(event('b')), visitor: null },
        { key: '7', body: '{"order_id":7,"status":"processing"}', bytes: 36, visitor: null },
      ],
    );
    assert.deepEqual(counters(db), { accepted: 3, coalesced: 0, delivered: 0 }, 'the duplicate is not accepted');
    assert.deepEqual(
      [tally.queued, tally.bytes],
      [{ event: 2, order: 1, product: 0 }, stored.reduce((n, r) => n + r.bytes, 0)],
    );
  });

  it('coalesces a newer body into the queued order of its id: a new version due now, its attempts and error cleared, the tally resized', async (t) => {
    const { db, tally, way, coalesced } = wayIn(t);
    await way.enqueue([order(7, 'processing')]);
    db.prepare(`UPDATE records SET attempts = 3, last_error = 'timeout', next_attempt_at = ?`).run(T0 + 60_000);
    assert.deepEqual(await way.enqueue([order(7, 'completed')]), ['coalesced']);
    const [row] = rows(db) as { id: number }[];
    assert.deepEqual(row, {
      id: row!.id,
      kind: 'order',
      key: '7',
      body: '{"order_id":7,"status":"completed"}',
      bytes: 35,
      version: 2,
      attempts: 0,
      lastError: null,
      dueAt: T0,
      visitor: null,
    });
    assert.deepEqual(coalesced, [row!.id], 'told which record may now be due behind the last claim');
    assert.deepEqual(counters(db), { accepted: 1, coalesced: 1, delivered: 0 });
    assert.deepEqual([tally.records, tally.bytes], [1, 35]);
  });

  it('answers the same body again for a queued order as coalesced, changing nothing, so a record in flight is not sent twice', async (t) => {
    const { db, way, coalesced } = wayIn(t);
    await way.enqueue([order(7, 'processing')]);
    assert.deepEqual(await way.enqueue([order(7, 'processing')]), ['coalesced']);
    assert.deepEqual(
      (rows(db) as { version: number }[]).map((r) => r.version),
      [1],
    );
    assert.deepEqual(coalesced, []);
    assert.deepEqual(counters(db), { accepted: 1, coalesced: 0, delivered: 0 });
  });

  it('de-duplicates events by key and orders by their delivery id, and stores every one when the ids were claimed elsewhere', async (t) => {
    const claimed = { ...order(1, 'processing'), dedupeId: 'shopify:e-1' };
    const here = wayIn(t);
    assert.deepEqual(await here.way.enqueue([event('x'), claimed]), ['queued', 'queued']);
    assert.deepEqual(await here.way.enqueue([event('x'), { ...claimed, body: { order_id: 1, status: 'paid' } }]), [
      'duplicate',
      'duplicate',
    ]);
    const elsewhere = wayIn(t, { claimsIds: false });
    assert.deepEqual(await elsewhere.way.enqueue([event('x'), claimed]), ['queued', 'queued']);
    assert.deepEqual(await elsewhere.way.enqueue([event('x')]), ['queued']);
    assert.equal(elsewhere.tally.queued.event, 2);
  });

  it('refuses a call past the record or byte cap, naming it, counting what calls waiting for their commit were promised', async (t) => {
    const size = bytesOf(event('1'));
    const { tally, way } = wayIn(t, { limits: { records: 3, bytes: 4 * size } });
    const waiting = way.enqueue([event('1'), event('2')]);
    await assert.rejects(way.enqueue([event('3'), event('4')]), (error: StorageError) => {
      assert.equal(error.code, 'outbox_full');
      assert.equal(error.message, 'the outbox is full (3 records); retry later');
      return true;
    });
    assert.deepEqual(await waiting, ['queued', 'queued']);
    assert.deepEqual(await way.enqueue([event('3')]), ['queued'], "the promise is the commit's tally now, not twice");
    assert.equal(tally.records, 3);
    const bytesCapped = wayIn(t, { limits: { records: 100, bytes: 2 * size } }).way;
    const pending = bytesCapped.enqueue([event('1')]);
    await assert.rejects(bytesCapped.enqueue([event('2'), event('3')]), {
      code: 'outbox_full',
      message: `the outbox is full (${2 * size} bytes); retry later`,
    });
    await pending;
  });

  it('changes no tally when its commit fails, and gives the room it promised back', async (t) => {
    const { db, tally, way } = wayIn(t, { limits: { records: 2, bytes: 1_000_000 } });
    db.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON records WHEN NEW.key = 'bad' BEGIN SELECT RAISE(ABORT, 'refused here'); END`,
    );
    await assert.rejects(way.enqueue([event('good'), event('bad')]), /refused here/);
    assert.deepEqual([tally.records, tally.bytes], [0, 0], 'the row the commit had written is rolled back with it');
    assert.deepEqual(rows(db), []);
    assert.deepEqual(counters(db), { accepted: 0, coalesced: 0, delivered: 0 });
    assert.deepEqual(await way.enqueue([event('good'), event('also-good')]), ['queued', 'queued']);
  });

  it("answers a commit another connection locks out as the outbox unavailable, naming SQLite's code", async (t) => {
    const { dir, db, way } = wayIn(t);
    db.pragma('busy_timeout = 0');
    const other = openSqlite(join(dir, 'outbox.sqlite'));
    t.after(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    await assert.rejects(way.enqueue([event('locked-out')]), (error: StorageError) => {
      assert.deepEqual([error.code, error.causeCode], ['outbox_unavailable', 'SQLITE_BUSY']);
      return true;
    });
    other.exec('ROLLBACK');
    assert.deepEqual(
      await way.enqueue([event('locked-out')]),
      ['queued'],
      'its id was not remembered by the failed commit',
    );
  });
});
