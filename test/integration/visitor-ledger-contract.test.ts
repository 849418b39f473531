// The visitor ledger's contract, on both stores: SQLite beside the outbox and the Redis several
// relays share (real redis-server), with what only Redis must add: relays admitting at once never
// overspend a budget between them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisVisitorLedger } from '../../relay/collect/redis-visitor-ledger.js';
import { SqliteVisitorLedger } from '../../relay/collect/sqlite-visitor-ledger.js';
import { monthEnd, monthOf, previousMonth, type Budget } from '../../relay/collect/visitor-budgets.js';
import type { MonthVisitor, VisitorLedger } from '../../relay/collect/visitor-ledger.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis visitor ledger', redisUnavailableReason());
// Redis expires keys by its own clock: the times here are the machine's.
const now = Date.now();
const thisMonth = monthOf(now);
const nextMonth = monthOf(monthEnd(thisMonth));
const visitor = (userId: string, month = thisMonth): MonthVisitor => ({
  userId,
  month,
  previous: previousMonth(month),
  keepUntil: monthEnd(month) + 34 * 86_400_000,
});
const budget = (key: string, limit: number): Budget => ({
  key,
  limit,
  endsAt: now + 3_600_000,
  keepUntil: now + 3_600_000,
  scope: { kind: 'address', network: key, bits: 32, window: 'hour' },
});

/** What every ledger does, whatever holds it; `fresh()` gives an empty one. */
function contract(fresh: () => Promise<VisitorLedger>) {
  it('admits a visitor once a month against every budget, returning when billed the month before', async () => {
    const ledger = await fresh();
    const budgets = [budget('a', 2), budget('shop', Infinity)];
    assert.deepEqual(await ledger.admit(visitor('v1'), budgets, now), {
      status: 'admitted',
      returning: false,
      counts: [1, 1],
    });
    assert.deepEqual(await ledger.admit(visitor('v1'), budgets, now), { status: 'billed' });
    assert.deepEqual([await ledger.billed(thisMonth, 'v1'), await ledger.billed(thisMonth, 'v2')], [true, false]);
    assert.deepEqual(await ledger.admit(visitor('v1', nextMonth), budgets, now), {
      status: 'admitted',
      returning: true,
      counts: [2, 2],
    });
  });

  it('refuses a visitor one budget cannot hold, naming every full one, and writes nothing', async () => {
    const ledger = await fresh();
    await ledger.admit(visitor('v1'), [budget('a', 1), budget('b', 5)], now);
    assert.deepEqual(await ledger.admit(visitor('v2'), [budget('b', 5), budget('a', 1), budget('c', 0)], now), {
      status: 'refused',
      full: [1, 2],
    });
    assert.deepEqual(await ledger.counts(['a', 'b', 'c']), [1, 1, 0]);
    assert.equal(await ledger.billed(thisMonth, 'v2'), false);
  });

  it('adds to counters, reads them, and keeps the latest time, never an earlier one', async () => {
    const ledger = await fresh();
    assert.deepEqual(
      [await ledger.add('rise:x', 3, now + 60_000), await ledger.add('rise:x', 1, now + 60_000)],
      [3, 4],
    );
    assert.deepEqual(await ledger.counts(['rise:x', 'rise:y']), [4, 0]);
    assert.equal(await ledger.latest(), 0);
    await ledger.admit(visitor('v1'), [], now);
    await ledger.note(now + 5_000);
    await ledger.note(now + 1_000);
    assert.equal(await ledger.latest(), now + 5_000);
  });
}

describe('the visitor ledger in SQLite', () => {
  const opened: SqliteVisitorLedger[] = [];
  after(() => opened.forEach((ledger) => ledger.close()));
  contract(async () => {
    const ledger = new SqliteVisitorLedger(mkdtempSync(join(tmpdir(), 'sb-ledger-')));
    opened.push(ledger);
    return ledger;
  });
});

describe('the visitor ledger in Redis', { skip }, () => {
  let server: RedisServer;
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(server.url);
    connections.push(redis);
    return redis;
  };
  before(async () => {
    server = await new RedisServer().start();
  });
  after(async () => {
    for (const redis of connections) redis.disconnect();
    await server.stop();
  });

  contract(async () => {
    const redis = connect();
    await redis.flushall();
    return new RedisVisitorLedger(redis);
  });

  it("lets two relays admitting at once take exactly a budget's visitors between them, each once", async () => {
    await connect().flushall();
    const [a, b] = [new RedisVisitorLedger(connect()), new RedisVisitorLedger(connect())];
    const users = Array.from({ length: 60 }, (_, i) => `v${i % 30}`);
    const answers = await Promise.all(
      users.map((user, i) => (i % 2 === 0 ? a : b).admit(visitor(user), [budget('one-address', 10)])),
    );
    const admitted = users.filter((_, i) => answers[i]?.status === 'admitted');
    assert.equal(admitted.length, 10);
    assert.equal(new Set(admitted).size, 10, 'no visitor admitted twice');
    assert.deepEqual(await a.counts(['one-address']), [10]);
  });

  it('expires what it keeps: a month of visitors, a budget past its window', async () => {
    const redis = connect();
    await redis.flushall();
    await new RedisVisitorLedger(redis).admit(visitor('v1'), [budget('a', 5)]);
    const keys = (await redis.keys('shopbeacon:ledger:*')).sort();
    assert.deepEqual(keys, [`shopbeacon:ledger:billed:${thisMonth}`, 'shopbeacon:ledger:n:a']);
    assert.ok((await redis.pttl(`shopbeacon:ledger:billed:${thisMonth}`)) > 0);
    assert.ok((await redis.pttl('shopbeacon:ledger:n:a')) > 0);
  });
});
