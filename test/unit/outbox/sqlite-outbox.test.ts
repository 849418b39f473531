import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageAnswer } from '../../../relay/http/error-handler.js';
import type { StorageError } from '../../../relay/shared/storage-error.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { OUTBOX_SCHEMA } from '../../../relay/outbox/schema.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { outboxEvent as event, outboxOrder as order } from '../../helpers/outbox-records.js';

function invariantHolds(outbox: SqliteOutbox): boolean {
  const c = outbox.counts();
  const queued = c.queued.event + c.queued.order + c.queued.product;
  const dead = c.dead.event + c.dead.order + c.dead.product;
  return c.accepted === c.delivered + queued + dead;
}

describe('SqliteOutbox', () => {
  let clock = Date.parse('2026-11-22T12:00:00Z');
  let outbox: SqliteOutbox;
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-outbox-'));
    outbox = new SqliteOutbox({ dataDir, now: () => clock });
  });
  afterEach(() => outbox.close());

  describe('enqueue(records)', () => {
    it('commits concurrent calls together and answers each call with its own results', async () => {
      const [a, b] = await Promise.all([
        outbox.enqueue([event('a'), event('b')]),
        outbox.enqueue([event('a'), event('c')]),
      ]);
      assert.deepEqual(a, ['queued', 'queued']);
      assert.deepEqual(b, ['duplicate', 'queued']);
      assert.equal(outbox.counts().queued.event, 3);
    });

    it('answers an event_id seen within 24 hours as a duplicate, and accepts it again once its slice is past the window', async () => {
      clock += 5 * 3600_000 + 59 * 60_000;
      await outbox.enqueue([event('x')]);
      clock += 24 * 3600_000 - 1;
      assert.deepEqual(await outbox.enqueue([event('x')]), ['duplicate']);
      // Slices are a quarter of the window: an id goes with its slice, at most 6 hours after its 24.
      clock += 2 * 60_000;
      assert.deepEqual(await outbox.enqueue([event('x')]), ['queued']);
    });

    it('forgets a slice whole once it is past the window, and keeps the newer ones', async () => {
      await outbox.enqueue([event('old')]);
      clock += 7 * 3600_000;
      await outbox.enqueue([event('newer')]);
      clock += 24 * 3600_000;
      assert.equal(outbox.forgetOldIds(), 1);
      assert.deepEqual(await outbox.enqueue([event('old'), event('newer')]), ['queued', 'duplicate']);
    });

    it('remembers ids by a 16-byte key, so a 40-character id costs the same as a 12-character one', async () => {
      await outbox.enqueue([event('a'.repeat(40)), event('b'.repeat(12))]);
      outbox.close();
      const db = openSqlite(join(dataDir, 'outbox.sqlite'));
      const table = db.prepare(`SELECT name FROM sqlite_master WHERE name GLOB 'seen_*'`).pluck().get() as string;
      const lengths = db.prepare(`SELECT length(key) FROM ${table}`).pluck().all();
      db.close();
      assert.deepEqual(lengths, [16, 16]);
      outbox = new SqliteOutbox({ dataDir, now: () => clock });
    });

    it('takes over the ids an earlier version remembered in seen_events, and drops that table', async () => {
      outbox.close();
      const legacyDir = mkdtempSync(join(tmpdir(), 'sb-legacy-'));
      const db = openSqlite(join(legacyDir, 'outbox.sqlite'));
      db.exec(OUTBOX_SCHEMA.migrations[0] as string);
      db.exec(OUTBOX_SCHEMA.migrations[1] as string);
      db.pragma('user_version = 2');
      db.prepare('INSERT INTO seen_events (event_id, seen_at) VALUES (?, ?), (?, ?)').run(
        'recent',
        clock - 3600_000,
        'expired',
        clock - 25 * 3600_000,
      );
      db.close();
      outbox = new SqliteOutbox({ dataDir: legacyDir, now: () => clock });
      assert.deepEqual(await outbox.enqueue([event('recent'), event('expired')]), ['duplicate', 'queued']);
      outbox.close();
      const after = openSqlite(join(legacyDir, 'outbox.sqlite'));
      const legacy = after.prepare(`SELECT name FROM sqlite_master WHERE name = 'seen_events'`).get();
      const version = after.pragma('user_version', { simple: true });
      after.close();
      assert.equal(legacy, undefined);
      assert.equal(version, OUTBOX_SCHEMA.migrations.length);
      outbox = new SqliteOutbox({ dataDir, now: () => clock });
    });

    it('sees the slice another process on the same file added', async () => {
      const other = new SqliteOutbox({ dataDir, now: () => clock + 6 * 3600_000 });
      await other.enqueue([event('from-the-import')]);
      other.close();
      clock += 6 * 3600_000;
      assert.deepEqual(await outbox.enqueue([event('from-the-import')]), ['duplicate']);
    });

    it('remembers event ids across a reopen', async () => {
      await outbox.enqueue([event('kept')]);
      outbox.close();
      outbox = new SqliteOutbox({ dataDir, now: () => clock });
      assert.deepEqual(await outbox.enqueue([event('kept')]), ['duplicate']);
    });

    it('leaves de-duplication to whoever claimed the ids first when told so (the shared Redis), storing what it is given', async () => {
      outbox.close();
      outbox = new SqliteOutbox({ dataDir, now: () => clock, claimsIds: false });
      assert.deepEqual(await outbox.enqueue([event('judged-elsewhere')]), ['queued']);
      assert.deepEqual(await outbox.enqueue([event('judged-elsewhere')]), ['queued']);
    });

    it('coalesces a not-yet-sent order with the same order_id into the newer body', async () => {
      await outbox.enqueue([order(7, 'processing')]);
      assert.deepEqual(await outbox.enqueue([order(7, 'completed')]), ['coalesced']);
      const due = outbox.due(clock, 10, new Set());
      assert.equal(due.length, 1);
      assert.equal(JSON.parse(due[0]!.body).status, 'completed');
      assert.equal(outbox.counts().coalesced, 1);
    });

    it('refuses with 503 when full, evicting nothing', async () => {
      outbox.close();
      outbox = new SqliteOutbox({ dataDir, now: () => clock, maxRecords: 5 });
      await outbox.enqueue([event('1'), event('2'), event('3'), event('4'), event('5')]);
      // Storage names the failure; the HTTP edge (storageAnswer) alone turns it into the 503.
      await assert.rejects(
        outbox.enqueue([event('6')]),
        (error: StorageError) => error.code === 'outbox_full' && storageAnswer(error).status === 503,
      );
      assert.equal(outbox.counts().queued.event, 5);
    });
  });

  describe('due(now, limit, exclude)', () => {});

  describe('delivered(record)', () => {
    it('keeps a record replaced while it was in flight, so the newer body is still sent', async () => {
      await outbox.enqueue([order(9, 'processing')]);
      const [inFlight] = outbox.due(clock, 1, new Set());
      await outbox.enqueue([order(9, 'refunded')]);
      outbox.delivered(inFlight!);
      const [next] = outbox.due(clock, 1, new Set());
      assert.equal(JSON.parse(next!.body).status, 'refunded');
    });
  });

  describe('accounting', () => {
    it('keeps accepted == delivered + queued + dead through every transition', async () => {
      await outbox.enqueue([event('1'), event('2'), event('3'), order(1, 'a')]);
      await outbox.enqueue([order(1, 'b'), event('1')]);
      assert.ok(invariantHolds(outbox));
      const [first, second, third] = outbox.due(clock, 3, new Set());
      outbox.delivered(first!);
      outbox.deadLetter([second!.id], '400 refused');
      outbox.retryLater(third!, clock + 1000, '500', true);
      assert.ok(invariantHolds(outbox));
      assert.equal(outbox.requeueDead(), 1);
      assert.ok(invariantHolds(outbox));
      assert.deepEqual(
        outbox.due(clock, 10, new Set()).map((r) => r.attempts),
        [0, 0],
      );
    });
  });

  describe('dead letters', () => {
    it('lists them with the service answer and purges those older than a cutoff', async () => {
      await outbox.enqueue([event('1')]);
      const [record] = outbox.due(clock, 1, new Set());
      outbox.deadLetter([record!.id], '400 {"error":"invalid_record"}');
      assert.deepEqual(
        outbox.deadLetters({ limit: 10 }).map((d) => d.lastError),
        ['400 {"error":"invalid_record"}'],
      );
      assert.equal(outbox.purgeDead(clock - 1), 0);
      assert.equal(outbox.purgeDead(clock + 1), 1);
    });
  });
});

describe('SqliteOutbox coalescing with an identical body', () => {
  it('leaves the queued record as it is, so a delivery in flight still completes it', async () => {
    const outbox = new SqliteOutbox({ dataDir: mkdtempSync(join(tmpdir(), 'sb-outbox-')) });
    try {
      await outbox.enqueue([order(3, 'completed')]);
      const [inFlight] = outbox.due(Date.now(), 1, new Set());
      assert.deepEqual(await outbox.enqueue([order(3, 'completed')]), ['coalesced']);
      outbox.delivered(inFlight!);
      assert.equal(outbox.due(Date.now(), 1, new Set()).length, 0);
    } finally {
      outbox.close();
    }
  });
});

describe('SqliteOutbox shared with another process', () => {
  it('sees dead letters re-queued by another connection at once, without waiting for the minute rebuild', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-outbox-'));
    const relay = new SqliteOutbox({ dataDir });
    const cli = new SqliteOutbox({ dataDir });
    try {
      await relay.enqueue([event('shared')]);
      const [record] = relay.due(Date.now(), 1, new Set());
      relay.deadLetter([record!.id], '400');
      assert.deepEqual([relay.counts().queued.event, relay.counts().dead.event], [0, 1]);
      assert.equal(cli.requeueDead(), 1);
      assert.deepEqual([relay.counts().queued.event, relay.counts().dead.event], [1, 0]);
    } finally {
      cli.close();
      relay.close();
    }
  });
});
