import type { SharedRedis } from './redis-connection.js';
import { randomBytes } from 'node:crypto';
import { currentSlice, liveSlices, seenKey, sliceExpiresAt, type DedupeWindow } from '../shared/dedupe-window.js';
import { LEGACY_SEEN_SECONDS, REDIS_KEYS } from './redis-keyspace.js';
import { orUnavailable } from './shared-state-errors.js';

/**
 * One id as the window's scripts take it: `bucket` (4 hex digits) names its hash in every slice,
 * `field` is the 14 bytes of its key after the bucket, `legacyId` the id itself while its key of the
 * earlier layout may still exist, else ''.
 */
export interface SeenId {
  bucket: string;
  field: Buffer;
  legacyId: string;
}

/**
 * Lua, shared by the turn batch's claims and the Streams outbox's enqueue. The scripts build the
 * window's key names themselves from two declared prefixes (`KEYS`: `REDIS_KEYS.seenSlices` and
 * `REDIS_KEYS.seen('')`, so a cluster's hash tag reaches them through ioredis's `keyPrefix`) and
 * a header in `ARGV` that `RedisSeenKeys.sliceArgs` writes once per call: when the current slice
 * expires, how many slices, each slice's part of the key (current first). Built in Lua, an id costs
 * three arguments instead of a key per slice: the keys' bytes were most of what each claim sent
 * and Redis parsed (bench/README.md, "The Redis seen-keys cost").
 *
 * `sliceWindow(prefix, legacyPrefix, h)` reads the header at `ARGV[h]` and answers it with the
 * index after it. `seenBefore(w, bucket, field, legacyId)` is true when an older slice holds the
 * id, or its legacy key exists; otherwise it adds the id to the current slice, whose bucket expires
 * with the slice, and is false unless that bucket already held it. Every key built shares the
 * declared prefixes' slot.
 */
export const SEEN_BEFORE_LUA = `
local function sliceWindow(prefix, legacyPrefix, h)
  local w = { expiresAt = ARGV[h], legacy = legacyPrefix, slices = {} }
  local count = tonumber(ARGV[h + 1])
  for i = 1, count do w.slices[i] = prefix .. ARGV[h + 1 + i] end
  return w, h + 2 + count
end
local function seenBefore(w, bucket, field, legacyId)
  if legacyId ~= '' and redis.call('EXISTS', w.legacy .. legacyId) == 1 then return true end
  for i = 2, #w.slices do
    if redis.call('HEXISTS', w.slices[i] .. bucket, field) == 1 then return true end
  end
  local current = w.slices[1] .. bucket
  if redis.call('HSETNX', current, field, '') == 0 then return true end
  if redis.call('PTTL', current) < 0 then redis.call('PEXPIREAT', current, w.expiresAt) end
  return false
end
`;

/** The two key prefixes the window's scripts declare, in this order (`SEEN_BEFORE_LUA`). */
export const SEEN_KEY_PREFIXES = [REDIS_KEYS.seenSlices, REDIS_KEYS.seen('')];

/**
 * The Redis duplicate window: per slice, 65,536 small hashes (a bucket from the first two
 * bytes of an id's 16-byte key, the other 14 bytes its field), each expiring whole with its slice.
 * Small hashes stay listpacks (up to 512 fields each by default), a fraction of a key per id's
 * memory (`npm run bench:dedupe-redis` measures both). The salt is the keyspace's own, made by the
 * first relay and read once.
 */
export class RedisSeenKeys {
  /**
   * The salt and when the earlier layout's keys stop being read, once read (every call after the
   * first needs no await).
   */
  private kept: { salt: Buffer; legacyUntil: number } | undefined;
  private reading: Promise<{ salt: Buffer; legacyUntil: number }> | undefined;

  constructor(
    private readonly redis: SharedRedis,
    private readonly window: DedupeWindow,
  ) {}

  async idsOf(ids: string[], now: number): Promise<SeenId[]> {
    const { salt, legacyUntil } = this.kept ?? (await this.readKept(now));
    const legacy = now < legacyUntil;
    return ids.map((id) => {
      const key = seenKey(salt, id);
      return { bucket: key.subarray(0, 2).toString('hex'), field: key.subarray(2), legacyId: legacy ? id : '' };
    });
  }

  /**
   * The header `sliceWindow` reads: when the current slice expires, how many live slices, each
   * one's part of the key, current first.
   */
  sliceArgs(now: number): string[] {
    const current = currentSlice(this.window, now);
    const older = liveSlices(this.window, now).filter((slice) => slice !== current);
    const slices = [current, ...older].map((slice) => REDIS_KEYS.seenSlice(this.window.sliceMs, slice));
    return [String(sliceExpiresAt(this.window, current)), String(slices.length), ...slices];
  }

  /** The current slice's bucket of an id, as a key. */
  currentBucket(id: SeenId, now: number): string {
    return `${REDIS_KEYS.seenSlices}${REDIS_KEYS.seenSlice(this.window.sliceMs, currentSlice(this.window, now))}${id.bucket}`;
  }

  /**
   * The keyspace's salt (made by the first relay) and until when ids are also looked up under their
   * key of the earlier layout (`seen:<id>`, a key each): a day after the first relay of this layout
   * started, when the last of those expired. Read once; a failed read is tried again on the next call.
   */
  private readKept(now: number): Promise<{ salt: Buffer; legacyUntil: number }> {
    if (!this.reading) {
      this.reading = orUnavailable(async () => {
        const [salt, since] = await Promise.all([
          this.keptValue(REDIS_KEYS.seenSalt, randomBytes(16).toString('hex')),
          this.keptValue(REDIS_KEYS.seenLayoutSince, String(now)),
        ]);
        return (this.kept = {
          salt: Buffer.from(salt, 'hex'),
          legacyUntil: Number(since) + LEGACY_SEEN_SECONDS * 1000,
        });
      });
      this.reading.catch(() => (this.reading = undefined));
    }
    return this.reading;
  }

  /** Set by the first relay (`SET NX`), read by every other. */
  private async keptValue(key: string, proposed: string): Promise<string> {
    await this.redis.set(key, proposed, 'NX');
    return (await this.redis.get(key)) ?? proposed;
  }
}
