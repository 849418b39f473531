import type { SharedRedis } from '../redis/redis-connection.js';
import type { RecordKind } from '../contract/kinds.js';
import { bodyHash } from '../shared/body-hash.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import type { PlatformState } from './platform-state.js';

/** Renews the lease only for its holder (a relay that stalled past its lease must not extend another's). */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The platform state shared by every relay on one Redis (`SHOPBEACON_REDIS_URL`): cursors in a
 * hash, one lease per platform so exactly one relay sweeps it (another takes over once a dead
 * holder's lease runs out), and the delivered digests in a hash per kind.
 */
export class RedisPlatformState implements PlatformState {
  private pending = new Map<string, { kind: RecordKind; key: string; hash: string }>();
  private flushing: Promise<void> | undefined;

  constructor(private readonly redis: SharedRedis) {}

  async cursor(platform: string, kind: string): Promise<number | undefined> {
    const at = await this.redis.hget(REDIS_KEYS.sync.cursors, `${platform}:${kind}`);
    return at === null ? undefined : Number(at);
  }

  async moveCursor(platform: string, kind: string, at: number): Promise<void> {
    const current = await this.cursor(platform, kind);
    if (current === undefined || at > current)
      await this.redis.hset(REDIS_KEYS.sync.cursors, `${platform}:${kind}`, String(at));
  }

  async claimLease(platform: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, REDIS_KEYS.sync.lease(platform), owner, String(ttlMs))) === 1;
  }

  /**
   * Hands the platform over, once what this relay delivered is written: the relay taking over
   * sweeps the same overlap and would send again an order whose digest was still pending here.
   */
  async releaseLease(platform: string, owner: string): Promise<void> {
    await this.flushing;
    if (this.pending.size > 0) await this.flush();
    await this.redis.eval(RELEASE, 1, REDIS_KEYS.sync.lease(platform), owner);
  }

  async unchanged(records: readonly { kind: RecordKind; key: string; text: string }[]): Promise<boolean[]> {
    if (records.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const { kind, key } of records) pipeline.hget(REDIS_KEYS.sync.delivered(kind), key);
    const answers = (await pipeline.exec()) ?? [];
    return records.map(({ kind, key, text }, i) => {
      const hash = bodyHash(text);
      return (this.pending.get(`${kind}:${key}`)?.hash ?? answers[i]?.[1]) === hash;
    });
  }

  async delivered(kind: RecordKind, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const found = await this.redis.hmget(REDIS_KEYS.sync.delivered(kind), ...keys);
    return new Set(
      keys.filter((key, i) => this.pending.has(`${kind}:${key}`) || (found[i] !== null && found[i] !== undefined)),
    );
  }

  async recall(scope: string, keys?: readonly string[]): Promise<Map<string, string>> {
    const hash = REDIS_KEYS.sync.remembered(scope);
    if (!keys) return new Map(Object.entries(await this.redis.hgetall(hash)));
    if (keys.length === 0) return new Map();
    const values = await this.redis.hmget(hash, ...keys);
    return new Map(
      keys.flatMap((key, i) =>
        values[i] === null || values[i] === undefined ? [] : [[key, values[i] as string] as const],
      ),
    );
  }

  async remember(scope: string, entries: ReadonlyMap<string, string>): Promise<void> {
    if (entries.size > 0) await this.redis.hset(REDIS_KEYS.sync.remembered(scope), Object.fromEntries(entries));
  }

  /**
   * Sent on the next loop turn, one pipeline for the acknowledgement batch; those noted while it is
   * under way go right after it.
   */
  rememberDelivered(kind: RecordKind, key: string, text: string): void {
    this.pending.set(`${kind}:${key}`, { kind, key, hash: bodyHash(text) });
    this.schedule();
  }

  private schedule(): void {
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
  }

  private async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    const pipeline = this.redis.pipeline();
    for (const { kind, key, hash } of pending.values()) pipeline.hset(REDIS_KEYS.sync.delivered(kind), key, hash);
    let written = false;
    try {
      const answers = (await pipeline.exec()) ?? [];
      written = !answers.some(([error]) => error);
    } catch {
      written = false;
    }
    this.flushing = undefined;
    // Redis away: keep them (a newer body noted meanwhile wins) for the next delivery's flush or
    // close, not a loop of retries.
    if (!written) {
      for (const [id, digest] of pending) if (!this.pending.has(id)) this.pending.set(id, digest);
    } else if (this.pending.size > 0) {
      this.schedule();
    }
  }

  async close(): Promise<void> {
    await this.flushing;
    if (this.pending.size > 0) await this.flush();
  }
}
