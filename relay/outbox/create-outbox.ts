import type { RelayConfig } from '../config/relay-config.js';
import { dedupeWindow } from '../shared/dedupe-window.js';
import type { SharedState } from '../redis/shared-state.js';
import { claimThenEnqueue, enqueueInOutbox, type EnqueueOnce } from './enqueue-once.js';
import type { Outbox } from './outbox.js';
import type { SharedRedis } from '../redis/redis-connection.js';
import { RedisOutbox } from './redis-outbox.js';
import { SqliteOutbox } from './sqlite-outbox.js';

/** The outbox the configuration names, and how records are stored once in it. */
interface OutboxSetup {
  outbox: Outbox;
  /** De-duplication, chosen once here: the backend's own commit, or ids claimed in the shared Redis first. */
  enqueueOnce: EnqueueOnce;
}

/**
 * Where an outbox is and how it is kept, by the settings rows' own names: the relay's settings as
 * they are, or `shopbeacon outbox`'s flags (which give only where it is; the outboxes' defaults are
 * the rows'). `redis` is the connection of the Redis outbox (required with `outbox: 'redis'`).
 */
type OutboxBackend = Pick<RelayConfig, 'outbox' | 'dataDir'> &
  Partial<
    Pick<
      RelayConfig,
      | 'outboxMaxRecords'
      | 'outboxMaxBytes'
      | 'outboxSync'
      | 'dedupeWindowMs'
      | 'deliveryTimeoutMs'
      | 'redisWaitReplicas'
      | 'redisWaitTimeoutMs'
    >
  > & { redis?: SharedRedis | undefined };

/** The one choice of backend, for the relay and the CLI alike (`claimsIds`: see `SqliteOutboxOptions`). */
export function openOutbox(backend: OutboxBackend, claimsIds = true): Outbox {
  // What is unset stays undefined: each outbox's own default (the row's) holds for it.
  const caps = { maxRecords: backend.outboxMaxRecords, maxBytes: backend.outboxMaxBytes };
  // The same window as the shared Redis state's, built from the same setting: both slice ids alike.
  const window = backend.dedupeWindowMs === undefined ? undefined : dedupeWindow(backend.dedupeWindowMs);
  if (backend.outbox === 'redis') {
    if (!backend.redis) throw new Error('the Redis outbox needs a Redis connection (SHOPBEACON_REDIS_URL)');
    // A call lasts at most the delivery timeout; three of them without a settlement means the relay died.
    const claimIdleMs = backend.deliveryTimeoutMs === undefined ? undefined : backend.deliveryTimeoutMs * 3;
    const wait = { waitReplicas: backend.redisWaitReplicas, waitTimeoutMs: backend.redisWaitTimeoutMs };
    return new RedisOutbox({ redis: backend.redis, ...caps, window, claimIdleMs, ...wait });
  }
  return new SqliteOutbox({ dataDir: backend.dataDir, ...caps, window, synchronous: backend.outboxSync, claimsIds });
}

/** SQLite in the data directory (de-duplicated in its commit, or through Redis when shared), or Redis Streams. */
export function createOutbox(backend: Omit<OutboxBackend, 'redis'>, shared: SharedState | undefined): OutboxSetup {
  if (backend.outbox === 'redis' && !shared)
    throw new Error(
      'SHOPBEACON_OUTBOX=redis needs SHOPBEACON_REDIS_URL, SHOPBEACON_REDIS_SENTINELS or SHOPBEACON_REDIS_CLUSTER',
    );
  const claimFirst = shared !== undefined && backend.outbox === 'sqlite';
  const outbox = openOutbox({ ...backend, redis: shared?.redis }, !claimFirst);
  return { outbox, enqueueOnce: claimFirst ? claimThenEnqueue(outbox, shared.eventIds) : enqueueInOutbox(outbox) };
}
