import type { SharedRedis } from '../redis/redis-connection.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import type { VisitorCount } from './visitor-count.js';

/**
 * Distinct `user_id`s per month across every relay sharing a Redis: a HyperLogLog per month
 * (12 KB, ±0.81 %).
 */
export class RedisVisitors implements VisitorCount {
  constructor(private readonly redis: SharedRedis) {}

  async add(month: string, userIds: string[]): Promise<void> {
    await this.redis.pfadd(REDIS_KEYS.visitors(month), ...userIds);
  }

  /**
   * The months the service may still bill (two years back, and the next: an event may be minutes
   * ahead), read by name: `KEYS` would walk every key of the Redis (the duplicate window's too),
   * and on a cluster only one node's. Redis not answering is `shared_state_unavailable` (a 503),
   * said here where Redis is known to be the store.
   */
  byMonth(now = new Date()): Promise<Record<string, number>> {
    return orUnavailable(async () => {
      const months = monthsAround(now);
      const pipeline = this.redis.pipeline();
      for (const month of months) pipeline.pfcount(REDIS_KEYS.visitors(month));
      const counts = ((await pipeline.exec()) ?? []).map(([error, count]) => {
        if (error) throw error;
        return Number(count);
      });
      return Object.fromEntries(
        months.map((month, i) => [month, counts[i] ?? 0]).filter(([, count]) => Number(count) > 0),
      );
    });
  }

  close(): void {}
}

/** `YYYY-MM` of the 24 months before `now`'s, its own and the next, oldest first. */
function monthsAround(now: Date): string[] {
  return Array.from({ length: 26 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 24 + i, 1)).toISOString().slice(0, 7),
  );
}
