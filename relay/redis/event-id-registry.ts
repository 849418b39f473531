import type { Redis } from 'ioredis';
import { REDIS_KEYS, SEEN_EVENT_SECONDS } from './redis-keyspace.js';
import { orUnavailable } from './shared-state-errors.js';

/**
 * `event_id`s seen by any relay sharing this Redis (`SET key NX EX`): a beacon retried to
 * another instance behind the load balancer is still a duplicate.
 */
export class EventIdRegistry {
  constructor(private readonly redis: Redis) {}

  /** Claims each id; true where this call was first (the record is new), false for a duplicate. */
  claim(ids: string[]): Promise<boolean[]> {
    return orUnavailable(async () => {
      const pipeline = this.redis.pipeline();
      for (const id of ids) pipeline.set(REDIS_KEYS.seen(id), '1', 'EX', SEEN_EVENT_SECONDS, 'NX');
      const replies = (await pipeline.exec()) ?? [];
      return replies.map(([error, reply]) => {
        if (error) throw error;
        return reply === 'OK';
      });
    });
  }

  /** Gives ids back after the outbox refused them, so the client's retry is not taken for a duplicate. */
  async release(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.redis.del(...ids.map((id) => REDIS_KEYS.seen(id))).catch(() => undefined);
  }
}
