import type { SharedRedis } from './redis-connection.js';
import type { RedisTurnBatch } from './turn-batch.js';

/**
 * `event_id`s seen by any relay sharing this Redis, in the duplicate window's slices
 * (`redis-seen-keys.ts`): a beacon retried to another instance behind the load balancer is still
 * a duplicate.
 */
export class EventIdRegistry {
  constructor(
    private readonly redis: SharedRedis,
    /** The claims of one loop turn's requests go to Redis together, in one round trip; it knows the window. */
    private readonly turns: RedisTurnBatch,
  ) {}

  /** Claims each id; true where this call was first (the record is new), false for a duplicate. */
  async claim(ids: string[]): Promise<boolean[]> {
    return this.turns.claim(await this.turns.seen.idsOf(ids, Date.now()));
  }

  /** Gives ids back after the outbox refused them, so the client's retry is not taken for a duplicate. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = Date.now();
    const seen = await this.turns.seen.idsOf(ids, now).catch(() => []);
    const pipeline = this.redis.pipeline();
    for (const id of seen) pipeline.hdel(this.turns.seen.currentBucket(id, now), id.field);
    await pipeline.exec().catch(() => undefined);
  }
}
