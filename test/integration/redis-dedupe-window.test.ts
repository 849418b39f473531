import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { RedisOutbox } from '../../relay/outbox/redis-outbox.js';
import type { OutboxRecord } from '../../relay/outbox/outbox.js';
import { EventIdRegistry } from '../../relay/redis/event-id-registry.js';
import { REDIS_KEYS } from '../../relay/redis/redis-keyspace.js';
import { RedisTurnBatch } from '../../relay/redis/turn-batch.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the Redis duplicate window', redisUnavailableReason());
const event = (key: string): OutboxRecord => ({
  kind: 'event',
  key,
  body: { user_id: 'u', event_name: 'X', event: {}, datetime: '2026-11-26 10:00:00+00:00' },
});

describe('the duplicate window in Redis', { skip }, () => {
  let server: RedisServer;
  let redis: Redis;
  before(async () => {
    server = await new RedisServer().start();
    redis = new Redis(server.url);
  });
  after(async () => {
    redis.disconnect();
    await server.stop();
  });

  it('remembers claimed ids as fields of bucket hashes that expire with their slice, never as a key per id', async () => {
    const registry = new EventIdRegistry(redis, new RedisTurnBatch(redis));
    assert.deepEqual(await registry.claim(['a-twenty-char-id-001', 'b', 'a-twenty-char-id-001']), [true, true, false]);
    assert.deepEqual(await registry.claim(['b']), [false]);
    const keys = await redis.keys('shopbeacon:ids:*:*:*');
    assert.equal(keys.length, 2);
    for (const key of keys) {
      assert.equal(await redis.type(key), 'hash');
      const ttl = await redis.pttl(key);
      assert.ok(
        ttl > 24 * 3600_000 && ttl <= 30 * 3600_000,
        `${key} expires within the window and a slice, not ${ttl} ms`,
      );
      assert.deepEqual(
        (await redis.hkeysBuffer(key)).map((field) => field.length),
        [14],
      );
    }
    assert.deepEqual(await redis.keys('shopbeacon:seen:*'), []);
  });

  it('gives a released id back, so the retry of a refused record is not a duplicate', async () => {
    const registry = new EventIdRegistry(redis, new RedisTurnBatch(redis));
    assert.deepEqual(await registry.claim(['refused-1']), [true]);
    await registry.release(['refused-1']);
    assert.deepEqual(await registry.claim(['refused-1']), [true]);
  });

  it('still refuses an id that a relay of the earlier layout remembered as its own key, in the day after the upgrade', async () => {
    await redis.set(REDIS_KEYS.seen('kept-by-an-older-relay'), '1', 'EX', 3600);
    const registry = new EventIdRegistry(redis, new RedisTurnBatch(redis));
    assert.deepEqual(await registry.claim(['kept-by-an-older-relay']), [false]);
    const outbox = new RedisOutbox({ redis });
    assert.deepEqual(await outbox.enqueue([event('kept-by-an-older-relay'), event('new-in-the-outbox')]), [
      'duplicate',
      'queued',
    ]);
    await outbox.close();
  });

  it("de-duplicates in the Streams outbox's script against the same slices the registry uses", async () => {
    const outbox = new RedisOutbox({ redis });
    const registry = new EventIdRegistry(redis, new RedisTurnBatch(redis));
    assert.deepEqual(await outbox.enqueue([event('streams-1'), event('streams-1')]), ['queued', 'duplicate']);
    assert.deepEqual(await outbox.enqueue([event('streams-1')]), ['duplicate']);
    assert.deepEqual(await registry.claim(['streams-1']), [false]);
    await outbox.close();
  });

  it('makes one salt for the keyspace, kept by every relay that comes after', async () => {
    const salt = await redis.get(REDIS_KEYS.seenSalt);
    assert.match(salt ?? '', /^[0-9a-f]{32}$/);
    const another = new EventIdRegistry(redis, new RedisTurnBatch(redis));
    assert.deepEqual(await another.claim(['a-twenty-char-id-001']), [false]);
    assert.equal(await redis.get(REDIS_KEYS.seenSalt), salt);
  });
});
