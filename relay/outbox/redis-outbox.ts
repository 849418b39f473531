import type { DedupeWindow } from '../shared/dedupe-window.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { SharedRedis } from '../redis/redis-connection.js';
import type { RecordKind } from '../contract/kinds.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import {
  DEFAULT_CLAIM_IDLE_MS,
  DEFAULT_LIMITS,
  errorText,
  type RefusedRecord,
  type DeadLetter,
  type ClaimLease,
  type DueRecord,
  type EnqueueResult,
  type Outbox,
  type OutboxCounts,
  type OutboxRecord,
} from './outbox.js';
import { fromFields, type StoredRecord } from './redis-stored-record.js';
import { PROMOTE_DUE } from './redis-outbox-scripts.js';
import { RedisClaims, type Claim } from './redis-claims.js';
import { RedisEnqueue } from './redis-enqueue.js';
import { RedisDeadLetters } from './redis-dead-letters.js';
import { replyCode } from '../redis/redis-connection.js';

interface RedisOutboxOptions {
  redis: SharedRedis;
  /**
   * A record claimed by a relay that has not settled it for this long is taken over by another
   * (XAUTOCLAIM): longer than any delivery call may last; by default `DEFAULT_CLAIM_IDLE_MS`.
   */
  claimIdleMs?: number;
  /** By default `DEFAULT_LIMITS`'. */
  maxRecords?: number;
  /** Replicas that must confirm each batch (`WAIT`) before it is acknowledged, and how long they may take. */
  waitReplicas?: number;
  waitTimeoutMs?: number;
  /** By default `DEFAULT_LIMITS`'. */
  maxBytes?: number;
  /** How long an id is remembered as seen, and its slices; by default `dedupeWindow()`. */
  window?: DedupeWindow;
}

type StreamEntry = [string, string[]];
const K = REDIS_KEYS.outbox;
const KINDS: RecordKind[] = ['event', 'order', 'product'];

/**
 * The outbox in Redis Streams with one consumer group: any relay delivers what any relay
 * accepted, and what a dead relay had claimed is claimed again after `claimIdleMs`. `enqueue`
 * resolves once Redis holds the record (durable as Redis's AOF setting makes it), and with
 * `waitReplicas` once that many replicas do. Retries wait in
 * a sorted set by due time; dead letters in a hash.
 *
 * What it guarantees to relays sharing it: a claim is one relay's while its lease runs, from the
 * claim or the last renewal (`lease.renew`, which checks in Redis that the entry is still this
 * relay's: `RedisClaims`). So a record goes to the service from two relays only when one's lease
 * ran out with its call out, that is when it went a whole lease without renewing (stalled, or cut
 * off from Redis); `renew` tells that relay which records. Its late settlement is fenced
 * (`RedisClaims.settle`): a delivery is recorded whoever holds the entry, any other outcome is left
 * to the holder, so it never queues a copy of what the other relay sends.
 */
export class RedisOutbox implements Outbox {
  private readonly redis: SharedRedis;
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** Claimed records by the worker's numeric id: the stream entry to acknowledge. */
  private readonly claimed: RedisClaims;
  private groupReady: Promise<unknown> | undefined;
  private lastCounts: OutboxCounts | undefined;
  private readonly limits: { records: number; bytes: number };
  private readonly writer: RedisEnqueue;
  private readonly dead: RedisDeadLetters;
  readonly lease: ClaimLease;

  constructor(private readonly options: RedisOutboxOptions) {
    this.redis = options.redis;
    const ms = options.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS;
    this.claimed = new RedisClaims(this.redis, this.consumer, ms);
    this.lease = {
      ms,
      handBack: (records, now) => this.handBack(records, now),
      renew: (records) => this.claimed.renew(records),
      heldFor: (record) => this.claimed.heldFor(this.claimed.get(record.id)),
    };
    this.limits = {
      records: options.maxRecords ?? DEFAULT_LIMITS.maxRecords,
      bytes: options.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    };
    // Its replica wait and window as given, its own defaults (the rows') otherwise.
    this.writer = new RedisEnqueue({ ...options, redis: this.redis, limits: this.limits });
    this.dead = new RedisDeadLetters(this.redis);
  }

  enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]> {
    return this.writer.enqueue(records);
  }

  enqueueDead(refused: RefusedRecord[]): Promise<void> {
    return this.dead.add(refused);
  }

  async due(now: number, limit: number, inFlight: ReadonlySet<number> = new Set()): Promise<DueRecord[]> {
    try {
      return await this.claim(now, limit, inFlight);
    } catch (error) {
      // A Redis that restarted without its data lost the group too: make it again next time.
      if (replyCode(error) === 'NOGROUP') this.groupReady = undefined;
      throw error;
    }
  }

  private async claim(now: number, limit: number, inFlight: ReadonlySet<number>): Promise<DueRecord[]> {
    const leaseFrom = performance.now();
    await this.ensureGroup();
    await this.redis.eval(PROMOTE_DUE, 2, K.delayed, K.stream, String(now));
    const taken = (await this.redis.xautoclaim(
      K.stream,
      K.group,
      this.consumer,
      this.lease.ms,
      '0-0',
      'COUNT',
      limit,
    )) as [string, StreamEntry[]];
    const entries = [...taken[1]];
    if (entries.length < limit) {
      const read = (await this.redis.xreadgroup(
        'GROUP',
        K.group,
        this.consumer,
        'COUNT',
        limit - entries.length,
        'STREAMS',
        K.stream,
        '>',
      )) as [string, StreamEntry[]][] | null;
      entries.push(...(read?.[0]?.[1] ?? []));
    }
    return this.current(
      entries.filter(([, fields]) => fields.length > 0),
      inFlight,
      leaseFrom,
    );
  }

  /** Drops entries an order or product update has superseded; claims the rest. */
  private async current(
    entries: StreamEntry[],
    inFlight: ReadonlySet<number>,
    leaseFrom: number,
  ): Promise<DueRecord[]> {
    const due: DueRecord[] = [];
    const handles = this.claimed.handles();
    for (const [entry, fields] of entries) {
      const earlier = handles.get(entry);
      // Its own claim, idle past the lease while its call is slow: in flight already, not again
      // (XAUTOCLAIM gave it this relay afresh, so its lease starts again).
      if (earlier !== undefined && inFlight.has(earlier)) {
        (this.claimed.get(earlier) as Claim).leaseFrom = leaseFrom;
        continue;
      }
      // A claim whose settling failed (Redis away): taken afresh under a new handle.
      if (earlier !== undefined) this.claimed.delete(earlier);
      const stored = fromFields(fields);
      if (
        stored.kind !== 'event' &&
        Number(await this.redis.hget(K.latest(stored.kind, stored.key), 'v')) > stored.version
      ) {
        await this.claimed.settle({ entry, stored, leaseFrom }, 'coalesced-away');
        continue;
      }
      due.push(this.claimed.add(entry, stored, leaseFrom));
    }
    return due;
  }

  /** Polled every second: other relays add records this one is not told about. */
  async nextDueAt(): Promise<number | undefined> {
    const first = await this.redis.zrange(K.delayed, '0', '0', 'WITHSCORES');
    const poll = Date.now() + 1_000;
    return first[1] === undefined ? poll : Math.min(poll, Number(first[1]));
  }

  async delivered(record: DueRecord): Promise<void> {
    const claim = this.claimed.get(record.id);
    if (!claim) return;
    await this.claimed.settle(claim, 'delivered');
    if (claim.stored.kind !== 'event') {
      const latest = K.latest(claim.stored.kind, claim.stored.key);
      if (Number(await this.redis.hget(latest, 'v')) === claim.stored.version)
        await this.redis.hset(latest, 'pending', '0');
    }
    this.claimed.delete(record.id);
  }

  retryLater(record: DueRecord, nextAttemptAt: number, error: string, countAttempt: boolean): Promise<void> {
    return this.delay(record.id, nextAttemptAt, (stored) => ({
      ...stored,
      attempts: stored.attempts + (countAttempt ? 1 : 0),
      lastError: errorText(error),
    }));
  }

  /**
   * A claim to the delayed set, due at `dueAt`; kept until settled, so a claim whose settling
   * failed is taken afresh.
   */
  private async delay(id: number, dueAt: number, copyOf: (stored: StoredRecord) => StoredRecord): Promise<void> {
    const claim = this.claimed.get(id);
    if (!claim) return;
    await this.claimed.settle(claim, 'delayed', copyOf(claim.stored), dueAt);
    this.claimed.delete(id);
  }

  /** Sent together: ioredis writes each script call at once, so the answers come back in one round trip. */
  private async handBack(records: DueRecord[], now: number): Promise<void> {
    await Promise.all(records.map((record) => this.delay(record.id, now, (stored) => stored)));
  }

  async deadLetter(ids: number[], error: string): Promise<void> {
    for (const id of ids) {
      const claim = this.claimed.get(id);
      if (!claim) continue;
      await this.claimed.settle(claim, 'dead', { ...claim.stored, lastError: errorText(error) });
      this.claimed.delete(id);
    }
  }

  requeueDead(ids?: number[]): Promise<number> {
    return this.dead.requeue(ids);
  }

  deadLetters(options: { kind?: RecordKind; limit: number }): Promise<DeadLetter[]> {
    return this.dead.list(options);
  }

  purgeDead(before: number): Promise<number> {
    return this.dead.purge(before);
  }

  counts(): Promise<OutboxCounts> {
    return orUnavailable(() => this.readCounts());
  }

  private async readCounts(): Promise<OutboxCounts> {
    const c = await this.redis.hgetall(K.counters);
    const n = (name: string) => Number(c[name] ?? 0);
    const per = (state: string) =>
      Object.fromEntries(KINDS.map((k) => [k, n(`${state}:${k}`)])) as Record<RecordKind, number>;
    const first = (await this.redis.xrange(K.stream, '-', '+', 'COUNT', 1))[0];
    const counts = {
      queued: per('queued'),
      dead: per('dead'),
      accepted: n('accepted'),
      delivered: n('delivered'),
      coalesced: n('coalesced'),
      bytes: n('bytes'),
      oldestQueuedAt: first ? fromFields(first[1]).createdAt : undefined,
    };
    this.lastCounts = counts;
    return counts;
  }

  async notePause(reason: string | undefined): Promise<void> {
    await (reason ? this.redis.set(K.pause, reason) : this.redis.del(K.pause));
  }

  async pauseNote(): Promise<string | undefined> {
    return (await this.redis.get(K.pause)) ?? undefined;
  }

  async fullness(): Promise<string | undefined> {
    const counts = this.lastCounts ?? (await this.counts().catch(() => undefined));
    if (!counts) return undefined;
    const records = [...Object.values(counts.queued), ...Object.values(counts.dead)].reduce((a, b) => a + b, 0);
    if (records >= this.limits.records) return `${this.limits.records} records`;
    return counts.bytes >= this.limits.bytes ? `${this.limits.bytes} bytes` : undefined;
  }

  async writeProblem(): Promise<string | undefined> {
    const answers = this.redis.status === 'ready' && (await this.redis.ping().catch(() => '')) === 'PONG';
    return answers ? undefined : 'the outbox cannot be written';
  }

  close(): void {
    this.claimed.clear();
  }

  /** The consumer group, made once (from the start of the stream, so nothing added before is missed). */
  private ensureGroup(): Promise<unknown> {
    this.groupReady ??= this.redis.xgroup('CREATE', K.stream, K.group, '0', 'MKSTREAM').catch((error: Error) => {
      if (replyCode(error) !== 'BUSYGROUP') {
        this.groupReady = undefined;
        throw error;
      }
    });
    return this.groupReady;
  }
}
