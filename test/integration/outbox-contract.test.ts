import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { storageAnswer } from '../../relay/http/error-handler.js';
import type { DueRecord, Outbox, OutboxRecord } from '../../relay/outbox/outbox.js';
import type { StorageError } from '../../relay/shared/storage-error.js';
import { RedisOutbox } from '../../relay/outbox/redis-outbox.js';
import { REDIS_KEYS } from '../../relay/redis/redis-keyspace.js';
import { unpackVisitor } from '../../relay/outbox/visitor-field.js';
import { SqliteOutbox } from '../../relay/outbox/sqlite-outbox.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const NOW = Date.now();
const event = (id: string): OutboxRecord => ({
  kind: 'event',
  key: id,
  body: { user_id: 'u', event_name: 'Page', event: { id } },
});
const orderVersion = (value: number): OutboxRecord => ({
  kind: 'order',
  key: '7',
  body: { order_id: 7, order_value: value },
});

/** A fresh, empty outbox of one backend; `again()` opens a second one on the same storage. */
interface Backend {
  open(limits?: { maxRecords?: number }): Promise<Outbox>;
  again(): Outbox;
}

async function drain(outbox: Outbox, now = NOW): Promise<DueRecord[]> {
  return outbox.due(now, 100, new Set());
}

/** One suite, run against every implementation of `Outbox`. */
function outboxContract(name: string, backend: () => Backend, skip?: string): void {
  describe(`Outbox contract: ${name}`, { skip }, () => {
    let b: Backend;
    beforeEach(() => {
      b = backend();
    });

    it('gives back what was enqueued, body intact, and forgets it once delivered', async () => {
      const outbox = await b.open();
      assert.deepEqual(await outbox.enqueue([event('a'), event('b')]), ['queued', 'queued']);
      const due = await drain(outbox);
      assert.deepEqual(due.map((d) => JSON.parse(d.body).event.id).sort(), ['a', 'b']);
      for (const record of due) await outbox.delivered(record);
      const counts = await outbox.counts();
      assert.deepEqual([counts.accepted, counts.delivered, counts.queued.event], [2, 2, 0]);
      assert.deepEqual(await drain(outbox), []);
    });

    it("carries an event's visitor to delivery, through a retry and a dead letter requeued", async () => {
      const outbox = await b.open();
      await outbox.enqueue([{ ...event('v'), visitor: { userId: 'ann\tx', month: '2026-11' } }, event('none')]);
      const due = await drain(outbox);
      const carried = (id: string, records: DueRecord[]) => unpackVisitor(records.find((d) => d.key === id)?.visitor);
      assert.deepEqual(carried('v', due), { userId: 'ann\tx', month: '2026-11' });
      assert.equal(carried('none', due), undefined);
      const record = due.find((d) => d.key === 'v') as DueRecord;
      await outbox.retryLater(record, NOW, '503 busy', true);
      const retried = await drain(outbox, NOW + 1);
      assert.deepEqual(carried('v', retried), { userId: 'ann\tx', month: '2026-11' });
      await outbox.deadLetter([(retried.find((d) => d.key === 'v') as DueRecord).id], '400 refused');
      assert.equal(await outbox.requeueDead(), 1);
      assert.deepEqual(carried('v', await drain(outbox, Date.now() + 1)), { userId: 'ann\tx', month: '2026-11' });
    });

    it('answers duplicate for an event_id seen before, also from another instance on the same storage', async () => {
      const outbox = await b.open();
      await outbox.enqueue([event('same')]);
      assert.deepEqual(await outbox.enqueue([event('same')]), ['duplicate']);
      assert.deepEqual(await b.again().enqueue([event('same')]), ['duplicate']);
    });

    it('holds a retried record until its time, counting the attempt', async () => {
      const outbox = await b.open();
      await outbox.enqueue([event('r')]);
      const [record] = await drain(outbox);
      await outbox.retryLater(record!, NOW + 60_000, '503 busy', true);
      assert.deepEqual(await outbox.due(NOW + 1_000, 10, new Set([record!.id])), []);
      const [again] = await outbox.due(NOW + 61_000, 10, new Set());
      assert.equal(again?.attempts, 1);
      assert.equal(JSON.parse(again!.body).event.id, 'r');
    });

    it('keeps a dead letter with its error and moves it back to the queue on request', async () => {
      const outbox = await b.open();
      await outbox.enqueue([event('d')]);
      const [record] = await drain(outbox);
      await outbox.deadLetter([record!.id], '400 bad');
      assert.equal((await outbox.counts()).dead.event, 1);
      const [letter] = await outbox.deadLetters({ limit: 10 });
      assert.equal(letter?.lastError, '400 bad');
      assert.equal(await outbox.requeueDead(), 1);
      assert.equal((await outbox.counts()).dead.event, 0);
      assert.deepEqual(
        (await outbox.due(NOW + 1, 10, new Set())).map((d) => JSON.parse(d.body).event.id),
        ['d'],
      );
    });

    it('delivers only the newest body of an order updated while queued', async () => {
      const outbox = await b.open();
      assert.deepEqual(await outbox.enqueue([orderVersion(10)]), ['queued']);
      assert.deepEqual(await outbox.enqueue([orderVersion(20)]), ['coalesced']);
      const due = await drain(outbox);
      assert.deepEqual(
        due.map((d) => JSON.parse(d.body).order_value),
        [20],
      );
    });

    it('refuses with 503 once the record cap is reached, evicting nothing', async () => {
      const outbox = await b.open({ maxRecords: 2 });
      await outbox.enqueue([event('c1'), event('c2')]);
      // Storage names the failure; the HTTP edge (storageAnswer) alone turns it into the 503.
      await assert.rejects(
        outbox.enqueue([event('c3')]),
        (error: StorageError) => error.code === 'outbox_full' && storageAnswer(error).status === 503,
      );
      assert.equal((await outbox.counts()).queued.event, 2);
    });
  });
}

outboxContract('SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-contract-'));
  return {
    open: async (limits = {}) => new SqliteOutbox({ dataDir, now: () => NOW, ...limits }),
    again: () => new SqliteOutbox({ dataDir, now: () => NOW }),
  };
});

const redisSkip = unmetRequirement('Outbox contract: Redis Streams', redisUnavailableReason());
let server: RedisServer | undefined;
let client: Redis | undefined;
if (!redisSkip) {
  before(async () => {
    server = await new RedisServer().start();
    client = new Redis(server.url);
  });
  after(async () => {
    await client?.quit();
    await server?.stop();
  });
}

outboxContract(
  'Redis Streams',
  () => {
    const make = (limits: { maxRecords?: number } = {}) =>
      new RedisOutbox({ redis: client!, claimIdleMs: 30_000, ...limits });
    return {
      open: async (limits) => {
        await client!.flushall();
        return make(limits);
      },
      again: () => make(),
    };
  },
  redisSkip,
);

describe('the Redis outbox after a failover lost what it had claimed', { skip: redisSkip }, () => {
  /** What a replica promoted without the writes that added them holds: neither the entries nor their count. */
  async function forgetStream(): Promise<void> {
    const entries = (await client!.xrange(REDIS_KEYS.outbox.stream, '-', '+')).map(([id]) => id);
    await client!.xdel(REDIS_KEYS.outbox.stream, ...entries);
    await client!.hset(REDIS_KEYS.outbox.counters, 'queued:event', 0, 'bytes', 0);
  }

  it('counts a record delivered or dead that Redis no longer holds once, never below zero', async () => {
    await client!.flushall();
    const outbox = new RedisOutbox({ redis: client!, claimIdleMs: 30_000 });
    await outbox.enqueue([event('sent'), event('refused')]);
    const due = await drain(outbox);
    await forgetStream();
    await outbox.delivered(due.find((d) => d.key === 'sent')!);
    await outbox.deadLetter([due.find((d) => d.key === 'refused')!.id], '400 refused');
    const counts = await outbox.counts();
    assert.deepEqual([counts.queued.event, counts.bytes, counts.delivered, counts.dead.event], [0, 0, 1, 1]);
  });

  it('queues a record retried later that Redis no longer holds again, counted, and delivers it', async () => {
    await client!.flushall();
    const outbox = new RedisOutbox({ redis: client!, claimIdleMs: 30_000 });
    await outbox.enqueue([event('kept')]);
    const [record] = await drain(outbox);
    await forgetStream();
    await outbox.retryLater(record!, NOW, '503 busy', true);
    assert.equal((await outbox.counts()).queued.event, 1);
    const [again] = await drain(outbox, NOW + 1);
    assert.equal(JSON.parse(again!.body).event.id, 'kept');
    await outbox.delivered(again!);
    const counts = await outbox.counts();
    assert.deepEqual([counts.queued.event, counts.bytes], [0, 0]);
  });
});
