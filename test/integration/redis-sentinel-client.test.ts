import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { connectRedis } from '../../relay/redis/redis-connection.js';
import { markClosing } from '../../relay/redis/ended-client.js';
import { RedisReplicaSet, SENTINEL_NAME } from '../helpers/redis-sentinel.js';
import { redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis Sentinel client suite', redisUnavailableReason());

/** Resolves at the client's next `name` event (events.once would reject on the errors it emits on the way). */
const next = (client: Redis, name: 'ready' | 'end') =>
  new Promise<void>((resolve) => client.once(name, () => resolve()));

/** The relay's client of `set`, once it is ready. */
async function readyClient(set: RedisReplicaSet): Promise<Redis> {
  const client = connectRedis({
    sentinels: set.sentinels.map((s) => ({ host: '127.0.0.1', port: s.port })),
    sentinelName: SENTINEL_NAME,
  }) as Redis;
  client.on('error', () => undefined);
  if (client.status !== 'ready') await next(client, 'ready');
  return client;
}

/**
 * The race ioredis loses in a failover, made certain: the client's connection drops while the
 * sentinels stall, so its reconnect hangs asking one for the primary; then what the failover
 * detector does on `+switch-master` (the connector's `disconnect()`); then the sentinels answer.
 * ioredis 6.0 ends the client there ("Connection is closed."), with no retry.
 */
async function loseTheRace(set: RedisReplicaSet, client: Redis): Promise<void> {
  for (const sentinel of set.sentinels) sentinel.pause();
  const admin = new Redis(set.primary.port, '127.0.0.1');
  try {
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    while (client.status !== 'connecting') await sleep(5);
    (client as unknown as { connector: { disconnect(): void } }).connector.disconnect();
  } finally {
    admin.disconnect();
    for (const sentinel of set.sentinels) sentinel.resume();
  }
}

describe("the relay's Redis client behind Sentinel (SHOPBEACON_REDIS_SENTINELS)", { skip, timeout: 60_000 }, () => {
  it('connects again by itself when ioredis ends it in a failover (its failover detector closing it while it asks a sentinel for the primary)', async () => {
    const set = await new RedisReplicaSet().start();
    const client = await readyClient(set);
    try {
      const ended = next(client, 'end');
      await loseTheRace(set, client);
      await ended;
      // Bounded: a client that stays ended must fail the test, not hang the file on its servers.
      const gaveUp = sleep(10_000).then(() =>
        Promise.reject(new Error(`the client is still ${client.status} 10 s after ioredis ended it`)),
      );
      await Promise.race([next(client, 'ready'), gaveUp]);
      assert.equal(await client.ping(), 'PONG');
    } finally {
      markClosing(client);
      client.disconnect();
      await set.stop();
    }
  });

  it('stays closed once the relay closes it', async () => {
    const set = await new RedisReplicaSet().start();
    const client = await readyClient(set);
    try {
      markClosing(client);
      await client.quit();
      if (client.status !== 'end') await next(client, 'end');
      await sleep(500);
      assert.equal(client.status, 'end');
    } finally {
      client.disconnect();
      await set.stop();
    }
  });
});
