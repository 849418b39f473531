import type { RecordKind } from '../contract/kinds.js';

/** Every key shopbeacon writes in Redis, in one place; Lua scripts get theirs as `KEYS[]`. */
const PREFIX = 'shopbeacon:';

/** How long an `event_id` is remembered: the same 24 hours as the SQLite outbox's `seen_events`. */
export const SEEN_EVENT_SECONDS = 24 * 3600;

/** The keyspace's version: a relay that finds a newer one refuses to start instead of misreading it. */
export const REDIS_KEYSPACE_VERSION = 1;

export const REDIS_KEYS = {
  /** The keyspace's version (`REDIS_KEYSPACE_VERSION`), set by the first relay that finds none. */
  version: `${PREFIX}keyspace-version`,
  /** An `event_id` some relay accepted (SET NX EX). */
  seen: (eventId: string) => `${PREFIX}seen:${eventId}`,
  /** A HyperLogLog of the month's delivered visitors; `*` lists them. */
  visitors: (month: string) => `${PREFIX}visitors:${month}`,
  /** Rate-limit buckets of `rate-limiter-flexible`, per limit. */
  rateLimit: (limit: string) => `${PREFIX}rl:${limit}`,
  sync: {
    /** Each sweep's cursor, a hash of `<platform>:<kind>` → epoch ms. */
    cursors: `${PREFIX}sync:cursors`,
    /** The relay sweeping a platform now (SET NX PX, renewed while it sweeps). */
    lease: (platform: string) => `${PREFIX}sync:lease:${platform}`,
    /** The hash of the body last delivered for each order or product, a hash of key → digest per kind. */
    delivered: (kind: RecordKind) => `${PREFIX}delivered:${kind}`,
    /** `PlatformState.recall`'s facts, a hash of key → value per scope. */
    remembered: (scope: string) => `${PREFIX}sync:remembered:${scope}`,
  },
  outbox: {
    stream: `${PREFIX}outbox`,
    group: 'relays',
    delayed: `${PREFIX}outbox:delayed`,
    dead: `${PREFIX}outbox:dead`,
    deadSeq: `${PREFIX}outbox:dead-seq`,
    counters: `${PREFIX}outbox:counters`,
    pause: `${PREFIX}outbox:pause`,
    /** The newest version of a queued order or product, so an older body is not sent after it. */
    latest: (kind: RecordKind, key: string) => `${PREFIX}outbox:latest:${kind}:${key}`,
  },
} as const;
