// @runs-alone: a failover or a crash timed against real processes; nothing of the gate runs beside it (scripts/test-node.mjs, scripts/test-tiers.mjs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { browserEvent, collect } from '../helpers/collect.js';
import { startLoad } from '../helpers/collect-load.js';
import { RedisCluster } from '../helpers/redis-cluster.js';
import { startRelay, until } from '../helpers/relay-harness.js';
import { redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis Cluster suite', redisUnavailableReason());

/** Every key a node holds: on the slot's primary, all of the relay's; elsewhere none. */
async function keysOn(port: number): Promise<string[]> {
  const admin = new Redis(port, '127.0.0.1');
  try {
    return await admin.keys('*');
  } finally {
    admin.disconnect();
  }
}

describe(
  'SHOPBEACON_REDIS_CLUSTER: the relay on a Redis Cluster of three primaries and three replicas',
  { skip, timeout: 300_000 },
  () => {
    it("keeps every key in one slot, de-duplicates, delivers, and with SHOPBEACON_REDIS_WAIT_REPLICAS=1 loses no acknowledged record when that slot's primary is killed under load", async (t) => {
      const cluster = await new RedisCluster().start();
      // Delivery calls time out after 2 s, so the entries the relay had claimed when the primary died
      // come back after 6 s (3 timeouts) instead of 30, as in the Sentinel suite.
      const h = await startRelay({
        mock: { faults: { latencyMs: 200 } },
        config: {
          outbox: 'redis',
          redisCluster: cluster.nodeList,
          redisWaitReplicas: '1',
          rateLimitIp: '600000',
          rateLimitUser: '0',
          newVisitorsPerHour: '0',
          deliveryTimeoutMs: '2000',
        },
      });
      try {
        // A replica online may still take longer than WAIT's 500 ms to confirm the first batch on a
        // busy machine (seen once on CI's Node 22 run), as in the Sentinel suite: wait for one first.
        await until(
          async () => (await collect(h.url, { events: [browserEvent()] })).status === 200,
          'the replica to confirm a first batch',
        );
        const repeat = browserEvent({ event_id: 'cluster-repeat-1' });
        const first = await collect(h.url, { events: [repeat] });
        assert.equal(first.body['accepted'], 1, JSON.stringify(first));
        assert.equal((await collect(h.url, { events: [repeat] })).body['duplicates'], 1);
        const primary = await cluster.primaryOfTheSlot();
        const keys = await keysOn(primary.port);
        assert.ok(
          keys.length > 0 && keys.every((key) => key.startsWith('{shopbeacon}shopbeacon:')),
          `every key under the hash tag: ${keys.join(', ')}`,
        );
        const elsewhere = await Promise.all(
          cluster.nodes
            .filter((n) => n !== primary)
            .map(async (n) => (await keysOn(n.port)).filter((k) => !keys.includes(k))),
        );
        assert.deepEqual(elsewhere.flat(), [], 'no key of the relay outside its slot');
        const another = await startRelay({
          config: {
            outbox: 'redis',
            redisCluster: cluster.nodeList,
            redisGroup: 'shop-two',
            rateLimitIp: '0',
            rateLimitUser: '0',
            newVisitorsPerHour: '0',
          },
        });
        try {
          assert.equal(
            (await collect(another.url, { events: [repeat] })).body['accepted'],
            1,
            'another group remembers its own ids',
          );
        } finally {
          await another.close();
        }
        const all = (await Promise.all(cluster.nodes.map((n) => keysOn(n.port)))).flat();
        assert.ok(
          all.some((key) => key.startsWith('{shop-two}shopbeacon:outbox')),
          'the other group keeps its own outbox under its own tag',
        );

        const load = startLoad(h.url);
        // A failed wait must not leave the browsers posting to a closed relay: the file would never end.
        t.after(() => load.stop());
        await until(() => load.acked.size >= 3_000, '3,000 acknowledged events');
        await primary.stop();
        const ackedAtKill = load.acked.size;
        await cluster.failedOver(primary);
        await primary.start();
        await until(() => load.acked.size >= ackedAtKill + 1_000, 'acknowledgements again after the failover');
        await load.stop();
        h.mock.setFaults({ latencyMs: 0 });
        let queued = Number.NaN;
        await until(
          async () => (queued = (await h.relay.shopbeacon.outbox.counts()).queued.event) <= 0,
          'the backlog delivered',
        );
        assert.equal(queued, 0, 'the queued count after the backlog was delivered');
        const got = new Set(h.mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq));
        const lost = [...load.acked].filter((seq) => !got.has(seq)).length;
        t.diagnostic(
          `cluster, WAIT_REPLICAS=1: ${load.acked.size} acknowledged (${ackedAtKill} before the kill), ${lost} lost, ${load.refused} batches refused (503) during the failover`,
        );
        assert.equal(lost, 0, 'acknowledged events the service never got');
      } finally {
        await h.close();
        await cluster.stop();
      }
    });
  },
);
