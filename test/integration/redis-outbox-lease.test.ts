// Two relays draining one Streams outbox through an outage longer than a claim's lease: a record
// one relay claimed but held back (delivery waiting on its probe) is taken over by the other after
// the lease; sent by both, the service got it twice (the compose deployment's test caught it once in CI).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import pino from 'pino';
import { DeliveryWorker } from '../../relay/delivery/delivery-worker.js';
import { UpstreamClient } from '../../relay/delivery/upstream-client.js';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import type { DueRecord } from '../../relay/outbox/outbox.js';
import { RedisOutbox } from '../../relay/outbox/redis-outbox.js';
import { RecordEvents } from '../../relay/pipeline/record-events.js';
import { outboxEvent } from '../helpers/outbox-records.js';
import { SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis suites', redisUnavailableReason());
const EVENTS = 400;
const LEASE_MS = 600;

describe('the Streams outbox shared by two delivering relays', { skip }, () => {
  let redis: RedisServer;
  let mock: MockUpstream;
  const clients: Redis[] = [];
  const workers: DeliveryWorker[] = [];
  const upstreams: UpstreamClient[] = [];
  before(async () => {
    redis = await new RedisServer().start();
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
  });
  after(async () => {
    // Stopped here too: a failed wait leaves them retrying on timers that would hold the file open.
    await Promise.all(workers.map((worker) => worker.stop(0)));
    await Promise.all(upstreams.map((upstream) => upstream.destroy()));
    for (const client of clients) client.disconnect();
    await redis.stop();
    await mock.close();
  });

  /** A connection of its own, closed in `after`. */
  const connect = () => {
    const client = new Redis(redis.url);
    clients.push(client);
    return client;
  };

  const relay = () => {
    const client = connect();
    const outbox = new RedisOutbox({ redis: client, claimIdleMs: LEASE_MS });
    const upstream = new UpstreamClient({
      baseUrl: mock.url,
      token: SERVICE_TOKEN,
      deliveryConcurrency: 4,
      deliveryTimeoutMs: LEASE_MS / 3,
    });
    const worker = new DeliveryWorker({
      outbox,
      client: upstream,
      logger: pino({ level: 'silent' }),
      events: new RecordEvents(),
    });
    workers.push(worker);
    upstreams.push(upstream);
    return { outbox, worker };
  };

  it('sends each record once through an outage several leases long', async () => {
    const a = relay();
    const b = relay();
    await a.outbox.enqueue(Array.from({ length: EVENTS }, (_, n) => outboxEvent(`lease-${n}`, `u-lease-${n}`)));
    // A slow service lets each relay's limit grow, so each holds a slice claimed ahead of its calls.
    mock.setFaults({ latencyMs: 100 });
    a.worker.start();
    b.worker.start();
    await until(() => a.worker.concurrency.limit >= 8 && b.worker.concurrency.limit >= 8, 'both limits grown');
    // Then an outage: both circuits open and probe at 1, 2 and 4 s; what each holds back meanwhile outlives the lease.
    mock.setFaults({ latencyMs: 0, failRate: 1, failStatus: 503 });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    mock.setFaults({ failRate: 0 });
    const users = () => mock.records('events').map((record) => (record as { user_id: string }).user_id);
    await until(
      async () => (await a.outbox.counts()).queued.event === 0 && new Set(users()).size === EVENTS,
      'every record delivered',
    );
    await Promise.all([a.worker.stop(1_000), b.worker.stop(1_000)]);
    const twice = users().filter((user, i, all) => all.indexOf(user) !== i);
    assert.deepEqual(twice, [], 'no record delivered twice');
  });

  it('does not claim again its own record still in flight once the lease has passed, but does once its call has ended unsettled', async () => {
    const client = connect();
    const outbox = new RedisOutbox({ redis: client, claimIdleMs: 50 });
    await outbox.enqueue([outboxEvent('in-flight-1', 'u-in-flight')]);
    const first = await outbox.due(Date.now(), 10);
    const inFlight = new Set(first.map((record) => record.id));
    // The lease is time itself: the call is still out when it ends.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const again = await outbox.due(Date.now(), 10, inFlight);
    // Once its call has ended without a settlement (Redis was away), the record is claimed afresh
    // after another lease (the claim that skipped it renewed it).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const afresh = await outbox.due(Date.now(), 10, new Set());
    await outbox.delivered(afresh[0] as DueRecord);
    assert.deepEqual([first.length, again.length, afresh.map((r) => r.key)], [1, 0, ['in-flight-1']]);
  });

  it('hands unsent claims back due at once, their attempts as they were, for any relay to claim', async () => {
    const client = connect();
    const outbox = new RedisOutbox({ redis: client, claimIdleMs: 60_000 });
    await outbox.enqueue([outboxEvent('back-1', 'u-back-1'), outboxEvent('back-2', 'u-back-2')]);
    const [tried] = await outbox.due(Date.now(), 1);
    await outbox.retryLater(tried as DueRecord, 0, '503 busy', true);
    const held = await outbox.due(Date.now(), 10);
    await outbox.lease.handBack(held, Date.now());
    const other = new RedisOutbox({ redis: client, claimIdleMs: 60_000 });
    const taken = await other.due(Date.now(), 10);
    for (const record of taken) await other.delivered(record);
    const attempts = Object.fromEntries(taken.map((record) => [record.key, record.attempts]));
    assert.deepEqual([held.length, attempts], [2, { 'back-1': 1, 'back-2': 0 }]);
  });
});
