import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageAnswer } from '../../relay/http/storage-answer.js';
import type { StorageError } from '../../relay/shared/storage-error.js';
import { SqliteOutbox } from '../../relay/outbox/sqlite-outbox.js';
import type { OutboxRecord } from '../../relay/outbox/outbox.js';

const event = (key: string, userId = 'user-1'): OutboxRecord => ({ kind: 'event', key, body: { user_id: userId, event_name: 'X', event: {}, datetime: '2026-11-02 10:00:00+01:00' } });
const order = (id: number, status: string): OutboxRecord => ({ kind: 'order', key: String(id), body: { order_id: id, status } });

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
      const [a, b] = await Promise.all([outbox.enqueue([event('a'), event('b')]), outbox.enqueue([event('a'), event('c')])]);
      assert.deepEqual(a, ['queued', 'queued']);
      assert.deepEqual(b, ['duplicate', 'queued']);
      assert.equal(outbox.counts().queued.event, 3);
    });

    it('answers an event_id seen within 24 hours as a duplicate, and accepts it again after', async () => {
      await outbox.enqueue([event('x')]);
      clock += 23 * 3600_000;
      assert.deepEqual(await outbox.enqueue([event('x')]), ['duplicate']);
      clock += 2 * 3600_000;
      assert.deepEqual(await outbox.enqueue([event('x')]), ['queued']);
    });

    it('remembers event ids across a reopen', async () => {
      await outbox.enqueue([event('kept')]);
      outbox.close();
      outbox = new SqliteOutbox({ dataDir, now: () => clock });
      assert.deepEqual(await outbox.enqueue([event('kept')]), ['duplicate']);
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
      await assert.rejects(outbox.enqueue([event('6')]), (error: StorageError) => error.code === 'outbox_full' && storageAnswer(error).status === 503);
      assert.equal(outbox.counts().queued.event, 5);
    });
  });

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
      assert.deepEqual(outbox.due(clock, 10, new Set()).map((r) => r.attempts), [0, 0]);
    });
  });

  describe('dead letters', () => {
    it('lists them with the service answer and purges those older than a cutoff', async () => {
      await outbox.enqueue([event('1')]);
      const [record] = outbox.due(clock, 1, new Set());
      outbox.deadLetter([record!.id], '400 {"error":"invalid_record"}');
      assert.deepEqual(outbox.deadLetters({ limit: 10 }).map((d) => d.lastError), ['400 {"error":"invalid_record"}']);
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
