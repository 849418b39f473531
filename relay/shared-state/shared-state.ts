import type { Redis } from 'ioredis';
import { EventIdRegistry } from './event-id-registry.js';
import { connectRedis } from './redis-connection.js';

/** What several relays share through `SHOPBEACON_REDIS_URL`: event ids, rate-limit buckets, visitors (`visitors/redis-visitors.ts`). */
export interface SharedState {
  redis: Redis;
  eventIds: EventIdRegistry;
  /** Whether Redis answers now (for `/readyz`). */
  isReachable(): boolean;
  close(): Promise<void>;
}

export function createSharedState(url: string): SharedState {
  const redis = connectRedis(url);
  // Connection errors are reported through /readyz and 503s; without a listener ioredis prints each retry.
  redis.on('error', () => undefined);
  return {
    redis,
    eventIds: new EventIdRegistry(redis),
    isReachable: () => redis.status === 'ready',
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
