// Two relays draining one Streams outbox. A claim's lease runs out once a relay has not renewed it
// for the lease's length; the other relay may then claim the record and send it too. A relay renews
// the leases of its calls while they are out, so only a relay that stalls (or loses Redis) for most
// of a lease lets one run out, and it logs the records whose calls were out then: delivery is
// at-least-once there, and exactly once otherwise (but for a retry after a call that may have
// reached the service, which the step marks ambiguous).
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
import { REDIS_KEYS } from '../../relay/redis/redis-keyspace.js';
import { outboxEvent } from '../helpers/outbox-records.js';
import { SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { StallingRelay } from '../helpers/stalling-relay.js';

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

  /**
   * A relay delivering from the shared outbox: what it claimed, when each of its looks for due
   * records began, the records it logged as having lost their lease while their calls were out, and
   * those it retried after an ambiguous failure.
   */
  const relay = ({
    leaseMs = LEASE_MS,
    timeoutMs = leaseMs / 3,
    concurrency,
  }: { leaseMs?: number; timeoutMs?: number; concurrency?: number } = {}) => {
    const outbox = new RedisOutbox({ redis: connect(), claimIdleMs: leaseMs });
    const claimed: string[] = [];
    const looks: number[] = [];
    const due = outbox.due.bind(outbox);
    outbox.due = async (...args) => {
      const startedAt = Date.now();
      const records = await due(...args);
      claimed.push(...records.map((record) => record.key));
      looks.push(startedAt);
      return records;
    };
    // The service's client has 4 connections while the worker's limit grows past them: calls wait
    // for a connection, on a loaded machine longer than a lease.
    const upstream = new UpstreamClient({
      baseUrl: mock.url,
      token: SERVICE_TOKEN,
      deliveryConcurrency: 4,
      deliveryTimeoutMs: timeoutMs,
    });
    const lost: string[] = [];
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => lost.push(...((JSON.parse(line) as { lost?: string[] }).lost ?? [])) },
    );
    const events = new RecordEvents();
    const ambiguous: string[] = [];
    events.subscribe((step) => step.ambiguous && ambiguous.push(step.key as string));
    const worker = new DeliveryWorker({ outbox, client: upstream, logger, events, deliveryConcurrency: concurrency });
    workers.push(worker);
    upstreams.push(upstream);
    return { outbox, worker, events, claimed, looks, lost, ambiguous };
  };

  /** The records the service got, by key, each as many times as it got it. */
  const received = () => mock.records('events').map((record) => (record as { user_id: string }).user_id.slice(2));
  const twice = () => received().filter((key, i, all) => all.indexOf(key) !== i);
  const settled = async (outbox: RedisOutbox, ...relays: { worker: DeliveryWorker }[]) =>
    (await outbox.counts()).queued.event === 0 && relays.every(({ worker }) => worker.inFlightCount === 0);

  it('sends a record twice through an outage several leases long only where a relay logged that its lease ran out while the call was out, or retried an ambiguous failure', async () => {
    mock.reset();
    const a = relay();
    const b = relay();
    await a.outbox.enqueue(Array.from({ length: EVENTS }, (_, n) => outboxEvent(`lease-${n}`, `u-lease-${n}`)));
    // A slow service lets each relay's limit grow, so each holds a slice claimed ahead of its calls.
    mock.setFaults({ latencyMs: 100 });
    a.worker.start();
    b.worker.start();
    await until(() => a.worker.concurrency.limit >= 8 && b.worker.concurrency.limit >= 8, 'both limits grown');
    // Then an outage: both circuits open and probe at 1, 2 and 4 s, and hold back what they claimed for leases.
    mock.setFaults({ latencyMs: 0, failRate: 1, failStatus: 503 });
    const openFor = (worker: DeliveryWorker) => Date.now() - (worker.unreachable?.since ?? Date.now());
    await until(() => Math.min(openFor(a.worker), openFor(b.worker)) > 5 * LEASE_MS, 'both circuits open for leases');
    mock.setFaults({ failRate: 0 });
    await until(
      async () => new Set(received()).size === EVENTS && (await settled(a.outbox, a, b)),
      'every record delivered',
    );
    await Promise.all([a.worker.stop(1_000), b.worker.stop(1_000)]);
    const explained = new Set([...a.lost, ...b.lost, ...a.ambiguous, ...b.ambiguous]);
    assert.deepEqual(
      twice().filter((key) => !explained.has(key)),
      [],
      'no record sent twice but where a lease ran out or a failure was ambiguous',
    );
  });

  it('renews the lease of a call the service holds past it, so the other relay claims the record only where it logged the lease lost', async () => {
    mock.reset();
    const leaseMs = 900;
    // Its one call out fills its limit, so it does not look at the outbox while the call is out
    // (its own XAUTOCLAIM would take its record afresh): only a renewal keeps its lease. The call
    // may last longer than the lease, as one waiting for a connection, sent late in its lease or
    // slowed at each step up to its timeout would.
    const a = relay({ leaseMs, timeoutMs: 60_000, concurrency: 1 });
    const b = relay({ leaseMs, timeoutMs: 60_000 });
    await a.outbox.enqueue([outboxEvent('held-1', 'u-held-1')]);
    mock.setFaults({ latencyMs: 600_000 });
    a.worker.start();
    await until(() => a.worker.inFlightCount === 1, "the first relay's call out");
    const callOut = Date.now();
    // Renewed: the entry's idle time, which only grows while nobody touches it, starts again.
    const redisClient = connect();
    const { stream, group } = REDIS_KEYS.outbox;
    const idle = async () =>
      ((await redisClient.xpending(stream, group, '-', '+', 1)) as [string, string, number][])[0]?.[2];
    let last = await idle();
    await until(async () => {
      const now = await idle();
      const renewed = now !== undefined && last !== undefined && now < last;
      last = now;
      return renewed;
    }, 'a renewal seen in Redis');
    // The other relay looks for due records after the first one's lease would have run out
    // unrenewed: its XAUTOCLAIM would take the record then.
    b.worker.start();
    await until(() => b.looks.some((at) => at - callOut > leaseMs), 'the other relay looking after a lease');
    mock.setFaults({ latencyMs: 0 });
    await until(() => settled(a.outbox, a, b), 'the record delivered');
    await Promise.all([a.worker.stop(1_000), b.worker.stop(1_000)]);
    assert.deepEqual(
      { claimedByTheOther: b.claimed, received: received() },
      { claimedByTheOther: a.lost, received: ['held-1', ...a.lost] },
    );
  });

  // The waits for the stalled relay's messages have no bound of their own: this test's timeout ends a hang.
  it(
    'leaves alone what the other relay delivered when a relay stalled past its lease with a failed call out, and logs it',
    { timeout: 60_000 },
    async () => {
      mock.reset();
      // Its first call fails: the record is not delivered until the other relay sends it.
      mock.setFaults({ failRate: 1, failStatus: 503 });
      const a = new StallingRelay({
        redisUrl: redis.url,
        serviceUrl: mock.url,
        token: SERVICE_TOKEN,
        leaseMs: LEASE_MS,
      });
      try {
        const b = relay();
        await b.outbox.enqueue([outboxEvent('stalled-1', 'u-stalled-1')]);
        await a.stalled();
        mock.setFaults({ failRate: 0 });
        // The stalled relay's lease runs out; the other claims the record and delivers it.
        const deliveredByB = new Promise<void>((resolve) =>
          b.events.subscribe((step) => step.state === 'delivered' && step.key === 'stalled-1' && resolve()),
        );
        b.worker.start();
        await deliveredByB;
        // Then the stalled relay's loop goes on: its call had failed (503), which would retry the record.
        a.release();
        await a.announced('retrying', 'stalled-1');
        await until(() => settled(b.outbox, b), 'nothing left to send');
        await b.worker.stop(1_000);
        assert.deepEqual(
          { received: received(), lost: a.lost(), counts: (await b.outbox.counts()).queued.event },
          { received: ['stalled-1'], lost: ['stalled-1'], counts: 0 },
        );
      } finally {
        await a.stop();
      }
    },
  );

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
