import type { DedupeWindow } from '../shared/dedupe-window.js';
import type { SharedState } from '../redis/shared-state.js';
import { claimThenEnqueue, enqueueInOutbox, type EnqueueOnce } from './enqueue-once.js';
import type { Outbox } from './outbox.js';
import type { SharedRedis } from '../redis/redis-connection.js';
import { RedisOutbox } from './redis-outbox.js';
import { SqliteOutbox } from './sqlite-outbox.js';

/** The outbox the configuration names, and how records are stored once in it. */
export interface OutboxSetup {
  outbox: Outbox;
  /** De-duplication, chosen once here: the backend's own commit, or ids claimed in the shared Redis first. */
  enqueueOnce: EnqueueOnce;
}

/** Where an outbox is, and how it is kept: the relay's settings, or `shopbeacon outbox`'s flags. */
export interface OutboxBackend {
  outbox: 'sqlite' | 'redis';
  dataDir: string;
  /** The connection of the Redis outbox (required with `redis`). */
  redis?: SharedRedis | undefined;
  limits?: { maxRecords: number; maxBytes: number };
  synchronous?: 'full' | 'normal';
  /** How long an id is remembered as seen (`SHOPBEACON_DEDUPE_WINDOW`), and its slices. @default dedupeWindow() */
  window?: DedupeWindow;
  /** How long a record claimed by a relay stays its own before another relay takes it over (Redis). */
  claimIdleMs?: number;
  /** Replicas that confirm each batch before it is acknowledged, and how long they may take (Redis). */
  wait?: { replicas: number; timeoutMs: number };
}

/** The one choice of backend, for the relay and the CLI alike (`claimsIds`: see `SqliteOutboxOptions`). */
export function openOutbox(backend: OutboxBackend, claimsIds = true): Outbox {
  const window = backend.window ? { window: backend.window } : {};
  if (backend.outbox === 'redis') {
    if (!backend.redis) throw new Error('the Redis outbox needs a Redis connection (SHOPBEACON_REDIS_URL)');
    const wait = backend.wait ? { waitReplicas: backend.wait.replicas, waitTimeoutMs: backend.wait.timeoutMs } : {};
    return new RedisOutbox({
      redis: backend.redis,
      ...(backend.claimIdleMs ? { claimIdleMs: backend.claimIdleMs } : {}),
      ...backend.limits,
      ...wait,
      ...window,
    });
  }
  return new SqliteOutbox({
    dataDir: backend.dataDir,
    ...(backend.synchronous ? { synchronous: backend.synchronous } : {}),
    ...backend.limits,
    ...window,
    claimsIds,
  });
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
