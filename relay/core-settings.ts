import { dedupeWindow } from './shared/dedupe-window.js';
import { ConfigError } from './config/config-error.js';
import type { RelayConfig } from './config/relay-config.js';
import type { UpstreamClientOptions } from './delivery/upstream-client.js';
import type { OutboxBackend } from './outbox/create-outbox.js';
import { redisTargetOf, type RedisTarget } from './redis/redis-connection.js';

/**
 * The slices of the settings the core's factories take: each gets what it uses, with
 * what it needs already required, so nothing past this point guards or casts a setting.
 */
export interface CoreSettings {
  /** The service and its token, both required. */
  upstream: UpstreamClientOptions;
  /** Where accepted records wait (the Redis connection is added once it is open). */
  outbox: Omit<OutboxBackend, 'redis'>;
  /** The shared Redis, when one is set. */
  redis: RedisTarget | undefined;
  /** How long a Redis command may take before it fails: longer than a batch's wait for its replicas. */
  redisCommandTimeoutMs: number;
  /** Delivery's calls in flight and how old an undelivered record may grow before it is a dead letter. */
  delivery: { concurrency: number; maxAgeMs: number };
}

/**
 * The core's slices of the relay's settings; a ConfigError names what is missing (the one check of
 * the service's URL and token).
 */
export function coreSettingsOf(config: RelayConfig): CoreSettings {
  const { baseUrl, token } = config;
  if (!baseUrl || !token)
    throw new ConfigError([
      'SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required (the CLI runs demo mode without them)',
    ]);
  return {
    upstream: { baseUrl, token, connections: config.deliveryConcurrency, timeoutMs: config.deliveryTimeoutMs },
    outbox: {
      outbox: config.outbox,
      dataDir: config.dataDir,
      limits: { maxRecords: config.outboxMaxRecords, maxBytes: config.outboxMaxBytes },
      synchronous: config.outboxSync,
      // Built once here: the outbox and the shared Redis state slice ids by the same window.
      window: dedupeWindow(config.dedupeWindowMs),
      // A call lasts at most the delivery timeout; three of them without a settlement means the relay died.
      claimIdleMs: config.deliveryTimeoutMs * 3,
      wait: { replicas: config.redisWaitReplicas, timeoutMs: config.redisWaitTimeoutMs },
    },
    redis: redisTargetOf(config),
    redisCommandTimeoutMs: Math.max(1_000, config.redisWaitTimeoutMs + 500),
    delivery: { concurrency: config.deliveryConcurrency, maxAgeMs: config.maxAgeMs },
  };
}
