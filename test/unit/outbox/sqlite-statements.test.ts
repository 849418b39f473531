import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openOutboxDatabase } from '../../../relay/outbox/sqlite-database.js';
import { prepareStatements, type Statements } from '../../../relay/outbox/sqlite-statements.js';

/** The statements over a fresh outbox file, closed and removed after the test. */
function statements(t: TestContext): { db: Database.Database; sql: Statements } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-statements-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, sql: prepareStatements(db) };
}

/** Inserts a queued record as enqueue does; its id. */
function insert(sql: Statements, kind: string, key: string, dueAt: number, bytes = 2): number {
  return Number(sql.insert.run(kind, key, '{}', bytes, dueAt, dueAt, null).lastInsertRowid);
}

describe('prepareStatements(db)', () => {
  it('answers the single-value statements with their value, not a row', (t) => {
    const { sql } = statements(t);
    const order = insert(sql, 'order', '1', 50, 7);
    insert(sql, 'event', 'e', 20);
    sql.setMeta.run('paused', 'the token looks wrong');
    assert.equal(sql.getMeta.get('paused'), 'the token looks wrong');
    assert.equal(typeof sql.dataVersion.get(), 'number');
    assert.equal(sql.nextDue.get(), 20);
    assert.equal(sql.oldestQueued.get(), 20);
    assert.equal(sql.deadLetter.get('refused', order), 'order', 'the dead letter answers its kind');
    assert.equal(sql.requeueOne.get(60, order), 'order', 'so does its requeue');
    assert.equal(sql.deleteDelivered.get(order, 1), 7, 'the delivery answers the bytes it freed');
    assert.deepEqual(sql.counters.all(), [
      { name: 'accepted', value: 0 },
      { name: 'coalesced', value: 0 },
      { name: 'delivered', value: 0 },
    ]);
  });

  it('finds a queued order or product by kind and key through the partial index, and never an event or a dead one', (t) => {
    const { db, sql } = statements(t);
    const order = insert(sql, 'order', '9', 0);
    insert(sql, 'event', '9', 0);
    assert.deepEqual(sql.findQueued.get('order', '9'), { id: order, bytes: 2, body: '{}' });
    assert.equal(sql.findQueued.get('event', '9'), undefined, 'events never coalesce');
    assert.equal(sql.findQueued.get('product', '9'), undefined);
    sql.deadLetter.get('refused', order);
    assert.equal(sql.findQueued.get('order', '9'), undefined, 'a dead letter takes no newer body');
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${sql.findQueued.source}`)
      .all('order', '9')
      .map((row) => (row as { detail: string }).detail);
    assert.ok(
      plan.some((step) => step.includes('records_coalesce')),
      plan.join('; '),
    );
  });

  it('hands out due records by due time then id, and on from a cursor without the one it names', (t) => {
    const { sql } = statements(t);
    const late = insert(sql, 'event', 'late', 30);
    const a = insert(sql, 'event', 'a', 10);
    const b = insert(sql, 'event', 'b', 10);
    insert(sql, 'event', 'future', 1_000);
    const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);
    assert.deepEqual(ids(sql.due.all(100, 10)), [a, b, late]);
    assert.deepEqual(ids(sql.due.all(100, 2)), [a, b], 'at most the limit');
    assert.deepEqual(ids(sql.dueAfter.all(100, 10, a, 10)), [b, late]);
    assert.deepEqual(ids(sql.dueAfter.all(100, 10, b, 10)), [late]);
    const [row] = sql.due.all(100, 1) as Record<string, unknown>[];
    assert.deepEqual(row, {
      id: a,
      kind: 'event',
      key: 'a',
      body: '{}',
      attempts: 0,
      version: 1,
      createdAt: 10,
      visitor: null,
      dueAt: 10,
    });
  });

  it('acknowledges and retries only the version handed out, so a body replaced in flight stays owed', (t) => {
    const { db, sql } = statements(t);
    const id = insert(sql, 'order', '5', 0);
    sql.coalesce.run('{"status":"refunded"}', 21, 40, 40, id);
    assert.equal(sql.retryLater.run(1, 500, 'timeout', id, 1).changes, 0, 'version 1 was replaced');
    assert.equal(sql.deleteDelivered.get(id, 1), undefined);
    assert.equal(sql.retryLater.run(1, 500, 'timeout', id, 2).changes, 1);
    assert.deepEqual(db.prepare('SELECT version, attempts, next_attempt_at, last_error FROM records').get(), {
      version: 2,
      attempts: 1,
      next_attempt_at: 500,
      last_error: 'timeout',
    });
    assert.equal(sql.deleteDelivered.get(id, 2), 21);
  });

  it('lists dead letters of every kind when given no kind, or of the one given, oldest id first, and purges only dead ones', (t) => {
    const { sql } = statements(t);
    const order = insert(sql, 'order', '1', 10);
    const event = insert(sql, 'event', 'e', 20);
    insert(sql, 'product', 'p', 5);
    for (const id of [event, order]) sql.deadLetter.get('refused', id);
    const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);
    assert.deepEqual(ids(sql.deadLetters.all(null, null, 10)), [order, event]);
    assert.deepEqual(ids(sql.deadLetters.all('event', 'event', 10)), [event]);
    assert.deepEqual(ids(sql.deadLetters.all(null, null, 1)), [order]);
    assert.equal(sql.purgeDead.run(20).changes, 1, 'only the dead letter created before 20; the queued product stays');
    assert.deepEqual(sql.countsByState.all(), [
      { kind: 'event', state: 'dead', n: 1, bytes: 2 },
      { kind: 'product', state: 'queued', n: 1, bytes: 2 },
    ]);
  });
});
