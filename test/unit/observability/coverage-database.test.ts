import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openCoverageDatabase } from '../../../relay/observability/coverage-database.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';

describe('openCoverageDatabase(dataDir), coverage.sqlite and its versions (relay/observability/coverage-database.ts)', () => {
  it("brings a version-1 file to the counts, beginning to note again: its Order Completed rows cannot tell the shop's from a browser's", (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-coverage-db-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const old = openSqlite(join(dir, 'coverage.sqlite'));
    old.exec(`CREATE TABLE orders (platform TEXT NOT NULL, order_id TEXT NOT NULL, created_at INTEGER NOT NULL, channel TEXT, seen_at INTEGER NOT NULL, PRIMARY KEY (platform, order_id)) WITHOUT ROWID;
      CREATE TABLE completions (order_id TEXT NOT NULL, user_id TEXT NOT NULL, at INTEGER NOT NULL, seen_at INTEGER NOT NULL);
      CREATE TABLE began (at INTEGER NOT NULL);
      CREATE TABLE sessions (month TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, first_at INTEGER NOT NULL, PRIMARY KEY (month, session_id, user_id)) WITHOUT ROWID;
      INSERT INTO orders VALUES ('woocommerce', '1', 1, NULL, 1);
      INSERT INTO completions VALUES ('1', 'attacker', 1, 1);
      INSERT INTO began VALUES (1);
      PRAGMA user_version = 1;`);
    old.close();
    const db = openCoverageDatabase(dir);
    assert.equal(db.pragma('user_version', { simple: true }), 3);
    assert.deepEqual(
      ['orders', 'named', 'began', 'order_tally'].map((table) =>
        db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get(),
      ),
      [0, 0, 0, 0],
    );
    db.close();
  });

  it('brings a version-2 file to the causes, counting its hours again so only storefront orders are unjoined or claimed', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-coverage-db-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const v2 = openCoverageDatabase(dir);
    // Version 2 as it was: no bots, no heard hours; its hour counted the back-office order 2 unjoined and claimed.
    v2.exec(`ALTER TABLE named DROP COLUMN bots; DROP TABLE heard; DROP INDEX orders_elsewhere; PRAGMA user_version = 2;
      INSERT INTO orders VALUES ('woocommerce', '1', 7200000, 1, 1, NULL, 0, 1, 0, 1), ('woocommerce', '2', 7300000, 1, 0, '{"madeBy":"the back office"}', 0, 1, 0, 1);
      INSERT INTO order_tally (platform, hour, orders, storefront, joined, unjoined, claimed) VALUES ('woocommerce', 2, 2, 1, 0, 2, 2);`);
    v2.close();
    const db = openCoverageDatabase(dir);
    assert.equal(db.pragma('user_version', { simple: true }), 3);
    assert.deepEqual(db.prepare('SELECT unjoined, claimed FROM order_tally').get(), { unjoined: 1, claimed: 1 });
    assert.equal(db.prepare('SELECT COUNT(*) FROM heard').pluck().get(), 0);
    db.close();
  });

  it('opens a database of its own in memory without a data directory', () => {
    const a = openCoverageDatabase(undefined);
    a.prepare('INSERT INTO began (at) VALUES (1)').run();
    assert.equal(openCoverageDatabase(undefined).prepare('SELECT COUNT(*) FROM began').pluck().get(), 0);
  });
});
