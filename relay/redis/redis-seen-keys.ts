import type { SharedRedis } from './redis-connection.js';
import { randomBytes } from 'node:crypto';
import { currentSlice, liveSlices, seenKey, sliceExpiresAt, type DedupeWindow } from '../shared/dedupe-window.js';
import { LEGACY_SEEN_SECONDS, REDIS_KEYS } from './redis-keyspace.js';
import { orUnavailable } from './shared-state-errors.js';

/**
 * Where one id is looked up and remembered: `keys[0]` is its bucket in the current slice (added
 * there), the rest its buckets in the older live slices and, in the window after an upgrade, its
 * key of the earlier layout (looked up only). `field` is the 14 bytes of its key after the bucket.
 */
export interface SeenPlace {
  keys: string[];
  field: Buffer;
  /** When the current slice's bucket may expire (epoch ms). */
  expiresAt: number;
  /** Whether the last key is the id's key of the earlier layout. */
  legacy: boolean;
}

/**
 * Lua, shared by the turn batch's claims and the Streams outbox's enqueue: `seenBefore(k, places,
 * legacy, field, expiresAt)` is true when one of an id's keys after `KEYS[k]` (its buckets in the
 * older slices) holds `field`, or when `legacy` and its last key (its key of the earlier layout)
 * exists; otherwise it adds `field` to `KEYS[k]`, its current slice's bucket, which expires at
 * `expiresAt`, and is false unless that bucket already held it.
 */
export const SEEN_BEFORE_LUA = `
local function seenBefore(k, places, legacy, field, expiresAt)
  local buckets = legacy and places - 1 or places
  if legacy and redis.call('EXISTS', KEYS[k + places - 1]) == 1 then return true end
  for i = k + 1, k + buckets - 1 do
    if redis.call('HEXISTS', KEYS[i], field) == 1 then return true end
  end
  if redis.call('HSETNX', KEYS[k], field, '') == 0 then return true end
  if redis.call('PTTL', KEYS[k]) < 0 then redis.call('PEXPIREAT', KEYS[k], expiresAt) end
  return false
end
`;

/**
 * The Redis duplicate window (issue #35): per slice, 65,536 small hashes (a bucket from the first two
 * bytes of an id's 16-byte key, the other 14 bytes its field), each expiring whole with its slice.
 * Small hashes stay listpacks (up to 512 fields each by default): ~21–31 bytes of Redis memory per
 * id where a key per id took 113–129 (`npm run bench:dedupe-redis`). The salt is the keyspace's
 * own, made by the first relay and read once.
 */
export class RedisSeenKeys {
  /** Values the keyspace keeps once for every relay (the salt, when this layout began), as read. */
  private readonly kept = new Map<string, Promise<string>>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly window: DedupeWindow,
  ) {}

  async placesOf(ids: string[], now: number): Promise<SeenPlace[]> {
    const [salt, legacyUntil] = await orUnavailable(() => Promise.all([this.loadSalt(), this.loadLegacyUntil(now)]));
    const current = currentSlice(this.window, now);
    const older = liveSlices(this.window, now).filter((slice) => slice !== current);
    const expiresAt = sliceExpiresAt(this.window, current);
    const legacy = now < legacyUntil;
    return ids.map((id) => {
      const key = seenKey(salt, id);
      const bucket = key.subarray(0, 2).toString('hex');
      const keys = [current, ...older].map((slice) => REDIS_KEYS.seenBucket(this.window.sliceMs, slice, bucket));
      if (legacy) keys.push(REDIS_KEYS.seen(id));
      return { keys, field: key.subarray(2), expiresAt, legacy };
    });
  }

  private async loadSalt(): Promise<Buffer> {
    return Buffer.from(await this.keptValue(REDIS_KEYS.seenSalt, randomBytes(16).toString('hex')), 'hex');
  }

  /**
   * Until when ids are also looked up under their key of the earlier layout (`seen:<id>`, a key
   * each): a day after the first relay of this layout started, when the last of those expired.
   */
  private async loadLegacyUntil(now: number): Promise<number> {
    return Number(await this.keptValue(REDIS_KEYS.seenLayoutSince, String(now))) + LEGACY_SEEN_SECONDS * 1000;
  }

  /** Set by the first relay (`SET NX`), read by every other, once; a failed read is tried again on the next call. */
  private keptValue(key: string, proposed: string): Promise<string> {
    let value = this.kept.get(key);
    if (!value) {
      value = this.readOnce(key, proposed);
      this.kept.set(key, value);
      value.catch(() => this.kept.delete(key));
    }
    return value;
  }

  private async readOnce(key: string, proposed: string): Promise<string> {
    await this.redis.set(key, proposed, 'NX');
    return (await this.redis.get(key)) ?? proposed;
  }
}
