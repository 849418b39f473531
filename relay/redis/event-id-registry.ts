import type { Redis } from 'ioredis';
import { REDIS_KEYS, SEEN_EVENT_SECONDS } from './redis-keyspace.js';
import type { RedisTurnBatch } from './turn-batch.js';

/**
 * `event_id`s seen by any relay sharing this Redis (`SET key NX EX`): a beacon retried to
 * another instance behind the load balancer is still a duplicate.
 */
export class EventIdRegistry {
  constructor(
    private readonly redis: Redis,
    /** The claims of one loop turn's requests go to Redis together, in one round trip. */
    private readonly turns: RedisTurnBatch,
  ) {}

  /** Claims each id; true where this call was first (the record is new), false for a duplicate. */
  claim(ids: string[]): Promise<boolean[]> {
    return this.turns.claim(ids.map((id) => REDIS_KEYS.seen(id)), SEEN_EVENT_SECONDS);
  }

  /** Gives ids back after the outbox refused them, so the client's retry is not taken for a duplicate. */
  async release(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.redis.del(...ids.map((id) => REDIS_KEYS.seen(id))).catch(() => undefined);
  }
}
