import type { SharedRedis } from './redis-connection.js';
import { EventIdRegistry } from './event-id-registry.js';
import { connectRedis, type RedisTarget } from './redis-connection.js';
import { markClosing } from './ended-client.js';
import { RedisTurnBatch } from './turn-batch.js';
import type { RelayConfig } from '../config/relay-config.js';
import { dedupeWindow } from '../shared/dedupe-window.js';

/**
 * What several relays share through `SHOPBEACON_REDIS_URL`: event ids, rate-limit buckets, visitors
 * (`visitors/redis-visitors.ts`).
 */
export interface SharedState {
  redis: SharedRedis;
  /** The rate-limit takes and event-id claims of one loop turn, sent together. */
  turns: RedisTurnBatch;
  eventIds: EventIdRegistry;
  /** Whether Redis answers now (for `/readyz`). */
  isReachable(): boolean;
  close(): Promise<void>;
}

/**
 * The Redis at `target`, by the settings rows' own names: how long a batch's `WAIT` for its
 * replicas may take (a command outlasts it), and how long an id is remembered (`dedupeWindowMs`).
 */
export function createSharedState(
  target: RedisTarget,
  settings: Partial<Pick<RelayConfig, 'redisWaitTimeoutMs' | 'dedupeWindowMs'>> = {},
): SharedState {
  const commandTimeoutMs = Math.max(1_000, (settings.redisWaitTimeoutMs ?? 0) + 500);
  const window = dedupeWindow(settings.dedupeWindowMs);
  const redis = connectRedis(target, commandTimeoutMs);
  // Connection errors are reported through /readyz and 503s; without a listener ioredis prints each retry.
  redis.on('error', () => undefined);
  const turns = new RedisTurnBatch(redis, window);
  return {
    redis,
    turns,
    eventIds: new EventIdRegistry(redis, turns),
    isReachable: () => redis.status === 'ready',
    close: async () => {
      markClosing(redis);
      await redis.quit().catch(() => undefined);
      // With sentinels, QUIT leaves the failover detector's sentinel connections reconnecting:
      // disconnect ends them too.
      redis.disconnect();
    },
  };
}
