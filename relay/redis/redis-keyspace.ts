import type { RecordKind } from '../contract/kinds.js';

/**
 * Every key shopbeacon writes in Redis, in one place. Lua scripts get theirs as `KEYS[]`, except the
 * duplicate window's buckets, which they build from a declared prefix (`redis-seen-keys.ts`).
 */
const PREFIX = 'shopbeacon:';

/**
 * How long the layout before the sliced window remembered an id, one key each: its keys are looked up for
 * that long after an upgrade.
 */
export const LEGACY_SEEN_SECONDS = 24 * 3600;

/** The keyspace's version: a relay that finds a newer one refuses to start instead of misreading it. */
export const REDIS_KEYSPACE_VERSION = 1;

export const REDIS_KEYS = {
  /** The keyspace's version (`REDIS_KEYSPACE_VERSION`), set by the first relay that finds none. */
  version: `${PREFIX}keyspace-version`,
  /** An id some relay accepted, a key each (SET NX EX), as relays before the sliced window wrote it: only read now. */
  seen: (eventId: string) => `${PREFIX}seen:${eventId}`,
  /**
   * The duplicate window's buckets: `<seenSlices><seenSlice(…)><bucket>`, a hash of 14-byte fields
   * (`redis-seen-keys.ts`). The scripts build these names from the prefix they declare.
   */
  seenSlices: `${PREFIX}ids:`,
  seenSlice: (sliceMs: number, slice: number) => `${sliceMs}:${slice}:`,
  /** The salt of every id's key, made by the first relay. */
  seenSalt: `${PREFIX}ids:salt`,
  /** When the first relay that keeps ids in slices started (epoch ms): until a day later, `seen` keys are read too. */
  seenLayoutSince: `${PREFIX}ids:since`,
  /** A HyperLogLog of the month's delivered visitors; `*` lists them. */
  visitors: (month: string) => `${PREFIX}visitors:${month}`,
  /**
   * The public door's ledger (`collect/redis-visitor-ledger.ts`): the visitors let through per
   * billing month (a set each), its budgets' counters, and the latest time it judged by.
   */
  ledger: {
    billed: (month: string) => `${PREFIX}ledger:billed:${month}`,
    counter: (key: string) => `${PREFIX}ledger:n:${key}`,
    latest: `${PREFIX}ledger:latest`,
  },
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
