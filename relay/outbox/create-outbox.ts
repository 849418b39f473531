import type { RelayConfig } from '../config/relay-config.js';
import type { SharedState } from '../shared-state/shared-state.js';
import { claimThenEnqueue, enqueueInOutbox, type EnqueueOnce } from './enqueue-once.js';
import type { Outbox } from './outbox.js';
import { RedisOutbox } from './redis-outbox.js';
import { SqliteOutbox } from './sqlite-outbox.js';

/** The outbox the configuration names, and how records are stored once in it. */
export interface OutboxSetup {
  outbox: Outbox;
  /** De-duplication, chosen once here: the backend's own commit, or ids claimed in the shared Redis first. */
  enqueueOnce: EnqueueOnce;
}

/** SQLite in the data directory (de-duplicated in its commit, or through Redis when shared), or Redis Streams. */
export function createOutbox(config: RelayConfig, shared: SharedState | undefined): OutboxSetup {
  const limits = { maxRecords: config.outboxMaxRecords, maxBytes: config.outboxMaxBytes };
  if (config.outbox === 'redis') {
    if (!shared) throw new Error('SHOPBEACON_OUTBOX=redis needs SHOPBEACON_REDIS_URL');
    // A call lasts at most the delivery timeout; three of them without a settlement means the relay died.
    const outbox = new RedisOutbox({ redis: shared.redis, claimIdleMs: config.deliveryTimeoutMs * 3, ...limits });
    return { outbox, enqueueOnce: enqueueInOutbox(outbox) };
  }
  const outbox = new SqliteOutbox({ dataDir: config.dataDir, synchronous: config.outboxSync, ...limits });
  return { outbox, enqueueOnce: shared ? claimThenEnqueue(outbox, shared.eventIds) : enqueueInOutbox(outbox) };
}
