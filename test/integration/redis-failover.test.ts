// @runs-alone: a failover or a crash timed against real processes; nothing of the gate runs beside it (scripts/test-node.mjs, scripts/test-tiers.mjs).
import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { browserEvent, collect } from '../helpers/collect.js';
import { startLoad } from '../helpers/collect-load.js';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { RedisReplicaSet, SENTINEL_NAME } from '../helpers/redis-sentinel.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis failover suite', redisUnavailableReason());
/** The primary closes its replica's connection (`CLIENT KILL TYPE replica`): what it writes next reaches no replica. */
async function dropReplicaLink(primaryPort: number): Promise<void> {
  const admin = new Redis(primaryPort, '127.0.0.1');
  try {
    await admin.call('CLIENT', 'KILL', 'TYPE', 'replica');
  } finally {
    admin.disconnect();
  }
}

/** What the relay's Redis client went through (ioredis's connect, ready, close, reconnecting, end, error), with times. */
function clientEvents(h: Harness): { describe(): string } {
  const redis = h.relay.shopbeacon.shared?.redis;
  const seen: string[] = [];
  for (const name of ['connect', 'ready', 'close', 'reconnecting', 'end', 'error']) {
    redis?.on(name, (detail: unknown) =>
      seen.push(
        `${new Date().toISOString().slice(11, 23)} ${name}${detail instanceof Error ? ` ${detail.message}` : typeof detail === 'number' ? ` ${detail} ms` : ''}`,
      ),
    );
  }
  return {
    describe: () =>
      `(${redis?.status ?? 'none'} now):\n${seen
        .slice(-20)
        .map((line) => `  ${line}`)
        .join('\n')}`,
  };
}

/**
 * Kills the primary with SIGKILL under load, with a backlog queued (the service answers in 200 ms),
 * lets the sentinels promote the replica, brings the old primary back (it rejoins as a replica),
 * then lets the service take the backlog. With `replicaStalled`, the replica stops and loses its link
 * (a long pause, a network blip: the primary drops it), writes it never saw are answered, and the
 * primary dies before it is back. With `rejoinAtOnce`, the old primary is made a replica as soon as it
 * is back instead of when Sentinel gets to it; with `primaryBack: false` it stays down. Returns the
 * acknowledged events the service never got.
 */
async function failoverUnderLoad(
  t: TestContext,
  waitReplicas: string,
  { replicaStalled = false, rejoinAtOnce = false, primaryBack = true } = {},
): Promise<{ acked: number; lost: number; refused: number }> {
  const redis = await new RedisReplicaSet().start();
  // A delivery timeout of 2 s (the service answers in 200 ms) lets the relay take back, after 6 s
  // (3 timeouts) instead of 30, the entries it had claimed when its connection broke.
  const h: Harness = await startRelay({
    mock: { faults: { latencyMs: 200 } },
    config: {
      outbox: 'redis',
      redisSentinels: redis.sentinelList,
      redisSentinelName: SENTINEL_NAME,
      redisWaitReplicas: waitReplicas,
      rateLimitIp: '0',
      rateLimitUser: '0',
      newVisitorsPerHour: '0',
      deliveryTimeoutMs: '2000',
    },
  });
  const client = clientEvents(h);
  const load = startLoad(h.url);
  try {
    await until(() => load.acked.size >= 3_000, '3,000 acknowledged events');
    if (replicaStalled) {
      const [acked, refused] = [load.acked.size, load.refused];
      redis.replica.pause();
      // What the kernel had buffered for the replica would still reach it: the link goes, as in a network blip.
      await dropReplicaLink(redis.primary.port);
      // Up to LOADERS × BATCH of the next answers were written before the stall; 400 leaves room for them.
      await until(
        () => load.acked.size >= acked + 400 || load.refused >= refused + 4,
        'writes the stalled replica has not seen answered',
      );
    }
    await redis.primary.stop();
    if (replicaStalled) redis.replica.resume();
    const ackedAtKill = load.acked.size;
    await redis.failedOver();
    if (primaryBack) {
      await redis.primary.start();
      if (rejoinAtOnce) await redis.rejoinAsReplica();
    }
    await until(() => load.acked.size >= ackedAtKill + 1_000, 'acknowledgements again after the failover');
    await load.stop();
    h.mock.setFaults({ latencyMs: 0 });
    const received = () => new Set(h.mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq));
    let queued = Number.NaN;
    await until(
      async () => (queued = (await h.relay.shopbeacon.outbox.counts()).queued.event) <= 0,
      'the backlog delivered',
    );
    // A count below zero is a record settled twice in the counters (stop 31's CI waited on one).
    assert.equal(queued, 0, 'the queued count after the backlog was delivered');
    const got = received();
    const lost = [...load.acked].filter((seq) => !got.has(seq)).length;
    t.diagnostic(
      `WAIT_REPLICAS=${waitReplicas}: ${load.acked.size} acknowledged (${ackedAtKill} before the kill), ${lost} lost, ${load.refused} batches refused (503) during the failover`,
    );
    return { acked: load.acked.size, lost, refused: load.refused };
  } catch (error) {
    // A failover that stalls on CI (stop 44, Node 22) says nothing by its timeout alone: what the
    // sentinels, the servers and the relay last printed comes with it.
    const relay = `relay: last refusal ${load.lastRefusal}; its Redis client ${client.describe()}`;
    throw new Error(`${(error as Error).message}\n${redis.describe()}\n${relay}`, { cause: error });
  } finally {
    // Before the relay closes: it waits for its connections, which browsers that keep posting never end.
    await load.stop();
    await h.close();
    await redis.stop();
  }
}

describe(
  'SHOPBEACON_OUTBOX=redis behind Redis Sentinel: the primary killed under load',
  { skip, timeout: 300_000 },
  () => {
    it('follows the failover by itself and, with SHOPBEACON_REDIS_WAIT_REPLICAS=1, loses no acknowledged record', async (t) => {
      const { acked, lost } = await failoverUnderLoad(t, '1');
      assert.ok(acked >= 4_000);
      assert.equal(lost, 0);
    });

    it('without WAIT, follows the failover too; what it loses is measured, not promised', async (t) => {
      const { acked } = await failoverUnderLoad(t, '0');
      assert.ok(acked >= 4_000);
    });

    it('without WAIT and with the replica stalled when the primary dies, loses what only the primary held, which it had acknowledged', async (t) => {
      // The old primary stays down: back with its AOF, it still holds what the replica never saw
      // until Sentinel demotes it 8–10 s later, and one run in ten here (Node 24) lost nothing.
      const { lost } = await failoverUnderLoad(t, '0', { replicaStalled: true, primaryBack: false });
      // How many depends on what delivery sent before the kill (CI measured 160, here 240): that some are lost is the claim.
      assert.ok(lost > 0, 'no acknowledged event lost');
    });

    it('with SHOPBEACON_REDIS_WAIT_REPLICAS=1 and the replica stalled, loses nothing: what it had not confirmed was answered 503', async (t) => {
      // What Sentinel does to the old primary 8–10 s after it is back (it waits that long before it
      // reconfigures an instance), done at once: with WAIT, acknowledgements resume only then, and
      // the first case already shows Sentinel doing it.
      const { lost, refused } = await failoverUnderLoad(t, '1', { replicaStalled: true, rejoinAtOnce: true });
      assert.equal(lost, 0);
      assert.ok(refused >= 4);
    });
  },
);

describe('SHOPBEACON_REDIS_WAIT_REPLICAS: a batch its replicas do not confirm', { skip, timeout: 60_000 }, () => {
  it('is answered 503 replicas_unconfirmed after the wait timeout, never 200, and 200 again once the replica answers', async () => {
    const primary = await new RedisServer().start();
    const replica = await new RedisServer(['--replicaof', '127.0.0.1', String(primary.port)]).start();
    const h = await startRelay({
      config: { outbox: 'redis', redisUrl: primary.url, redisWaitReplicas: '1', redisWaitTimeoutMs: '300' },
    });
    try {
      await until(
        async () => (await collect(h.url, { events: [browserEvent()] })).status === 200,
        'the replica to confirm a first batch',
      );
      replica.pause();
      const started = Date.now();
      const stalled = await collect(h.url, { events: [browserEvent()] });
      assert.equal(stalled.status, 503);
      assert.equal(stalled.body['error'], 'replicas_unconfirmed');
      assert.equal(stalled.headers.get('retry-after'), '2');
      assert.ok(Date.now() - started >= 300);
      replica.resume();
      await until(
        async () => (await collect(h.url, { events: [browserEvent()] })).status === 200,
        '200 once the replica answers again',
      );
    } finally {
      replica.resume();
      await h.close();
      await Promise.all([primary.stop(), replica.stop()]);
    }
  });
});
