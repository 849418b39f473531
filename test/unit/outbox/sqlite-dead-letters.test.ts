import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openOutboxDatabase } from '../../../relay/outbox/sqlite-database.js';
import { SqliteDeadLetters } from '../../../relay/outbox/sqlite-dead-letters.js';
import { prepareStatements, type Statements } from '../../../relay/outbox/sqlite-statements.js';
import { SqliteTally } from '../../../relay/outbox/sqlite-tally.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import type { StorageError } from '../../../relay/shared/storage-error.js';
import { outboxEvent as event, outboxOrder as order } from '../../helpers/outbox-records.js';

/**
 * The dead letters over a fresh outbox file with the real tally, on a clock the test sets, and how
 * often the relaxed transaction was asked for; closed and removed after the test.
 */
function deadLetters(t: TestContext) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-dead-letters-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  const sql = prepareStatements(db);
  const tally = new SqliteTally(sql, () => undefined);
  const clock = { now: 1_000, relaxed: 0 };
  const dead = new SqliteDeadLetters({
    db,
    sql,
    tally,
    now: () => clock.now,
    relaxed: (work) => {
      clock.relaxed += 1;
      return db.transaction(work)();
    },
  });
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db, sql, tally, dead, clock };
}

/** A queued record, as enqueue stores it; its id. */
function queued(sql: Statements, kind: string, key: string, at = 0): number {
  return Number(sql.insert.run(kind, key, '{}', 2, at, at, null).lastInsertRowid);
}

const stateOf = (db: Database.Database) =>
  db.prepare('SELECT id, state, attempts, next_attempt_at AS dueAt, last_error AS lastError FROM records').all();
const accepted = (db: Database.Database) =>
  db.prepare(`SELECT value FROM counters WHERE name = 'accepted'`).pluck().get();

describe('SqliteDeadLetters(options)', () => {
  it('keeps refused records dead from the start, each with its reason (cut to 2,000 characters), counted as accepted', (t) => {
    const { db, tally, dead } = deadLetters(t);
    const visited = { ...order(3, 'x'), visitor: { userId: 'u', month: undefined } };
    dead.add([
      { record: visited, error: 'maps to nothing' },
      { record: event('e'), error: 'y'.repeat(2_500) },
    ]);
    const [first, second] = dead.list({ limit: 10 });
    assert.deepEqual(first, {
      id: first!.id,
      kind: 'order',
      body: '{"order_id":3,"status":"x"}',
      attempts: 0,
      createdAt: 1_000,
      lastError: 'maps to nothing',
    });
    assert.equal(second!.lastError, 'y'.repeat(2_000));
    assert.equal(db.prepare('SELECT visitor FROM records WHERE id = ?').pluck().get(first!.id), '\tu');
    assert.equal(accepted(db), 2, 'accepted = delivered + queued + dead still holds');
    assert.deepEqual([tally.dead, tally.queued.order], [{ event: 1, order: 1, product: 0 }, 0]);
  });

  it('adds all of the refused records or none, and answers a file it cannot write as the outbox unavailable', (t) => {
    const { dir, db, tally, dead } = deadLetters(t);
    db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON records WHEN NEW.key = 'bad' BEGIN SELECT RAISE(ABORT, 'no'); END`);
    assert.throws(
      () =>
        dead.add([
          { record: event('good'), error: 'x' },
          { record: event('bad'), error: 'x' },
        ]),
      /no/,
    );
    assert.deepEqual([stateOf(db), accepted(db), tally.records], [[], 0, 0]);
    db.pragma('busy_timeout = 0');
    const other = openSqlite(join(dir, 'outbox.sqlite'));
    t.after(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    assert.throws(
      () => dead.add([{ record: event('good'), error: 'x' }]),
      (error: StorageError) => error.code === 'outbox_unavailable' && error.causeCode === 'SQLITE_BUSY',
    );
    other.exec('ROLLBACK');
  });

  it('marks only queued records dead, in a relaxed commit, moving each in the tally once', (t) => {
    const { db, sql, tally, dead, clock } = deadLetters(t);
    const a = queued(sql, 'order', '1');
    const b = queued(sql, 'product', '2');
    tally.recount();
    dead.mark([a, 999], 'refused: 422');
    dead.mark([a, b], 'z'.repeat(3_000));
    assert.equal(clock.relaxed, 2);
    assert.deepEqual(stateOf(db), [
      { id: a, state: 'dead', attempts: 0, dueAt: 0, lastError: 'refused: 422' },
      { id: b, state: 'dead', attempts: 0, dueAt: 0, lastError: 'z'.repeat(2_000) },
    ]);
    assert.deepEqual(
      [tally.queued, tally.dead],
      [
        { event: 0, order: 0, product: 0 },
        { event: 0, order: 1, product: 1 },
      ],
    );
  });

  it('puts back the dead letters named, due now with no attempts counted, and answers how many moved', (t) => {
    const { db, sql, tally, dead, clock } = deadLetters(t);
    const a = queued(sql, 'order', '1');
    const b = queued(sql, 'event', 'e');
    const c = queued(sql, 'event', 'f');
    db.prepare(`UPDATE records SET attempts = 4`).run();
    tally.recount();
    dead.mark([a, b], 'gone');
    clock.now = 5_000;
    assert.equal(dead.requeue([a, c, 999]), 1, 'only a dead letter moves: c is queued, 999 is nothing');
    assert.deepEqual(stateOf(db), [
      { id: a, state: 'queued', attempts: 0, dueAt: 5_000, lastError: 'gone' },
      { id: b, state: 'dead', attempts: 4, dueAt: 0, lastError: 'gone' },
      { id: c, state: 'queued', attempts: 4, dueAt: 0, lastError: null },
    ]);
    assert.deepEqual(
      [tally.queued, tally.dead],
      [
        { event: 1, order: 1, product: 0 },
        { event: 1, order: 0, product: 0 },
      ],
    );
    clock.now = 6_000;
    assert.equal(dead.requeue(), 1, 'all that were dead');
    assert.deepEqual((stateOf(db)[1] as { dueAt: number }).dueAt, 6_000);
    assert.deepEqual(
      [tally.queued, tally.dead],
      [
        { event: 2, order: 1, product: 0 },
        { event: 0, order: 0, product: 0 },
      ],
    );
  });

  it('lists the dead letters of one kind or all, oldest first, at most the limit', (t) => {
    const { sql, tally, dead } = deadLetters(t);
    const ids = [
      queued(sql, 'event', 'a'),
      queued(sql, 'order', '1'),
      queued(sql, 'event', 'b'),
      queued(sql, 'event', 'c'),
    ];
    tally.recount();
    dead.mark(ids.slice(0, 3), 'gone');
    assert.deepEqual(
      dead.list({ limit: 10 }).map((d) => d.id),
      ids.slice(0, 3),
    );
    assert.deepEqual(
      dead.list({ kind: 'event', limit: 10 }).map((d) => d.id),
      [ids[0], ids[2]],
    );
    assert.deepEqual(
      dead.list({ kind: 'event', limit: 1 }).map((d) => d.id),
      [ids[0]],
    );
  });

  it('purges the dead letters created before the moment given, no queued record, and recounts', (t) => {
    const { db, sql, tally, dead } = deadLetters(t);
    const old = queued(sql, 'order', '1', 100);
    const atTheMoment = queued(sql, 'order', '2', 200);
    const oldButQueued = queued(sql, 'order', '3', 100);
    tally.recount();
    dead.mark([old, atTheMoment], 'gone');
    assert.equal(dead.purge(200), 1);
    assert.deepEqual(
      (stateOf(db) as { id: number }[]).map((r) => r.id),
      [atTheMoment, oldButQueued],
    );
    assert.deepEqual([tally.queued.order, tally.dead.order, tally.bytes], [1, 1, 4]);
  });
});
