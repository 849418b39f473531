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
 * The Redis duplicate window (issue #35): per slice, 65,536 small hashes (a bucket from the first two
 * bytes of an id's 16-byte key, the other 14 bytes its field), each expiring whole with its slice.
 * Small hashes stay listpacks (up to 512 fields each by default): ~21–31 bytes of Redis memory per
 * id where a key per id took 113–129 (`npm run bench:dedupe-redis`). The salt is the keyspace's
 * own, made by the first relay and read once.
 */
export class RedisSeenKeys {
  private salt: Promise<Buffer> | undefined;
  private legacyUntil: Promise<number> | undefined;

  constructor(
    private readonly redis: SharedRedis,
    private readonly window: DedupeWindow,
  ) {}

  async placesOf(ids: string[], now: number): Promise<SeenPlace[]> {
    const [salt, legacyUntil] = await orUnavailable(() => Promise.all([this.loadSalt(), this.loadLegacyUntil(now)]));
    const current = currentSlice(this.window, now);
    const older = liveSlices(this.window, now).filter((slice) => slice !== current);
    const expiresAt = sliceExpiresAt(this.window, current);
    return ids.map((id) => {
      const key = seenKey(salt, id);
      const bucket = key.subarray(0, 2).toString('hex');
      const keys = [current, ...older].map((slice) => REDIS_KEYS.seenBucket(this.window.sliceMs, slice, bucket));
      const legacy = now < legacyUntil;
      if (legacy) keys.push(REDIS_KEYS.seen(id));
      return { keys, field: key.subarray(2), expiresAt, legacy };
    });
  }

  /** Made by the first relay (`SET NX`), read by every other; a failed read is tried again on the next call. */
  private loadSalt(): Promise<Buffer> {
    this.salt ??= this.readOnce(REDIS_KEYS.seenSalt, randomBytes(16).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    return this.salt.catch((error: unknown) => {
      this.salt = undefined;
      throw error;
    });
  }

  /**
   * Until when ids are also looked up under their key of the earlier layout (`seen:<id>`, a key
   * each): a day after the first relay of this layout started, when the last of those expired.
   */
  private loadLegacyUntil(now: number): Promise<number> {
    this.legacyUntil ??= this.readOnce(REDIS_KEYS.seenLayoutSince, String(now)).then((since) => Number(since) + LEGACY_SEEN_SECONDS * 1000);
    return this.legacyUntil.catch((error: unknown) => {
      this.legacyUntil = undefined;
      throw error;
    });
  }

  private async readOnce(key: string, proposed: string): Promise<string> {
    await this.redis.set(key, proposed, 'NX');
    return (await this.redis.get(key)) ?? proposed;
  }
}
