import type { RelayConfig } from '../config/relay-config.js';
import type { SharedState } from '../shared-state/shared-state.js';
import type { Outbox } from './outbox.js';
import { RedisOutbox } from './redis-outbox.js';
import { SqliteOutbox } from './sqlite-outbox.js';

/** The outbox the configuration names: SQLite in the data directory, or Redis Streams shared by every relay. */
export function createOutbox(config: RelayConfig, shared: SharedState | undefined): Outbox {
  const limits = { maxRecords: config.outboxMaxRecords, maxBytes: config.outboxMaxBytes };
  if (config.outbox !== 'redis') return new SqliteOutbox({ dataDir: config.dataDir, synchronous: config.outboxSync, ...limits });
  if (!shared) throw new Error('SHOPBEACON_OUTBOX=redis needs SHOPBEACON_REDIS_URL');
  // A call lasts at most the delivery timeout; three of them without a settlement means the relay died.
  return new RedisOutbox({ redis: shared.redis, visitors: shared.visitors, claimIdleMs: config.deliveryTimeoutMs * 3, ...limits });
}
