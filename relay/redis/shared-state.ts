import type { Redis } from 'ioredis';
import { EventIdRegistry } from './event-id-registry.js';
import { connectRedis, type RedisTarget } from './redis-connection.js';

/** What several relays share through `SHOPBEACON_REDIS_URL`: event ids, rate-limit buckets, visitors (`visitors/redis-visitors.ts`). */
export interface SharedState {
  redis: Redis;
  eventIds: EventIdRegistry;
  /** Whether Redis answers now (for `/readyz`). */
  isReachable(): boolean;
  close(): Promise<void>;
}

/** `commandTimeoutMs` outlasts a batch's `WAIT` for its replicas. */
export function createSharedState(target: RedisTarget, commandTimeoutMs?: number): SharedState {
  const redis = connectRedis(target, commandTimeoutMs);
  // Connection errors are reported through /readyz and 503s; without a listener ioredis prints each retry.
  redis.on('error', () => undefined);
  return {
    redis,
    eventIds: new EventIdRegistry(redis),
    isReachable: () => redis.status === 'ready',
    close: async () => {
      await redis.quit().catch(() => undefined);
      // With sentinels, QUIT leaves the failover detector's sentinel connections reconnecting: disconnect ends them too.
      redis.disconnect();
    },
  };
}
