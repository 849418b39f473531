import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import type { VisitorCount } from './visitor-count.js';

/**
 * Distinct `user_id`s per month across every relay sharing a Redis: a HyperLogLog per month
 * (12 KB, ±0.81 %).
 */
export class RedisVisitors implements VisitorCount {
  constructor(private readonly redis: Redis) {}

  async add(month: string, userIds: string[]): Promise<void> {
    await this.redis.pfadd(REDIS_KEYS.visitors(month), ...userIds);
  }

  /** Redis not answering is `shared_state_unavailable` (a 503), said here where Redis is known to be the store. */
  byMonth(): Promise<Record<string, number>> {
    return orUnavailable(async () => {
      const keys = await this.redis.keys(REDIS_KEYS.visitors('*'));
      const counts = await Promise.all(keys.map((k) => this.redis.pfcount(k)));
      const prefix = REDIS_KEYS.visitors('').length;
      return Object.fromEntries(keys.map((k, i) => [k.slice(prefix), counts[i] ?? 0]).sort());
    });
  }

  close(): void {}
}
