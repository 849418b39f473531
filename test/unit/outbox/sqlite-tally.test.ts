import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openOutboxDatabase } from '../../../relay/outbox/sqlite-database.js';
import { prepareStatements, type Statements } from '../../../relay/outbox/sqlite-statements.js';
import { SqliteTally } from '../../../relay/outbox/sqlite-tally.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';

/** A fresh outbox file, its statements, and a second connection to it (another process's), all closed after the test. */
function outboxFile(t: TestContext): { db: Database.Database; sql: Statements; other: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-sqlite-tally-'));
  const db = openOutboxDatabase(dir, 'NORMAL');
  const other = openSqlite(join(dir, 'outbox.sqlite'));
  t.after(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, sql: prepareStatements(db), other };
}

/** Adds a queued record of `bytes` bytes through `db`, as its connection would commit it. */
function insert(db: Database.Database, kind: string, key: string, bytes: number, state = 'queued'): void {
  db.prepare(
    `INSERT INTO records (kind, key, body, bytes, state, next_attempt_at, created_at) VALUES (?, ?, '{}', ?, ?, 0, 0)`,
  ).run(kind, key, bytes, state);
}

describe('SqliteTally(sql, beforeCount)', () => {
  it('counts the table at construction, after `beforeCount` committed what waited', (t) => {
    const { db, sql } = outboxFile(t);
    insert(db, 'order', '1', 300, 'dead');
    let asked = 0;
    const tally = new SqliteTally(sql, () => {
      asked += 1;
      insert(db, 'event', `acked-${asked}`, 40);
    });
    assert.equal(asked, 1);
    assert.deepEqual(tally.queued, { event: 1, order: 0, product: 0 }, 'the row `beforeCount` wrote is counted');
    assert.deepEqual(tally.dead, { event: 0, order: 1, product: 0 });
    assert.equal(tally.bytes, 340);
  });

  it("recounts on sync() once another connection committed, and not for its own connection's commits", (t) => {
    const { db, sql, other } = outboxFile(t);
    const tally = new SqliteTally(sql, () => undefined);
    tally.sync();
    const version = tally.version;
    insert(db, 'event', 'own', 10);
    tally.sync();
    assert.equal(tally.records, 0, "its own connection's commit is the writer's to tally, not a recount's");
    assert.equal(tally.version, version);
    insert(other, 'product', 'from-the-cli', 25);
    tally.sync();
    assert.notEqual(tally.version, version);
    assert.deepEqual([tally.queued.event, tally.queued.product, tally.bytes], [1, 1, 35], 'the recount reads both');
  });

  it('asks SQLite at most once every `staleMs`, so a commit elsewhere shows only once a sync may ask again', (t) => {
    const { sql, other } = outboxFile(t);
    const tally = new SqliteTally(sql, () => undefined);
    tally.sync(60_000);
    insert(other, 'order', '7', 90);
    tally.sync(60_000);
    assert.equal(tally.records, 0, 'asked less than a minute ago: not asked again');
    tally.sync(0);
    assert.deepEqual([tally.queued.order, tally.bytes], [1, 90]);
  });

  it('rebuilds from the table on recount(), calling `beforeCount` each time, whatever it was told meanwhile', (t) => {
    const { db, sql } = outboxFile(t);
    let asked = 0;
    const tally = new SqliteTally(sql, () => void (asked += 1));
    insert(db, 'order', '3', 120);
    tally.added('event', 999);
    tally.recount();
    assert.equal(asked, 2);
    assert.deepEqual([tally.queued, tally.bytes], [{ event: 0, order: 1, product: 0 }, 120]);
  });
});
