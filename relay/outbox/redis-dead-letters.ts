import type { SharedRedis } from '../redis/redis-connection.js';
import type { RecordKind } from '../contract/kinds.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import { stringifyBody } from '../shared/exact-json.js';
import { errorText, type DeadLetter, type RefusedRecord } from './outbox.js';
import { toFields, type StoredRecord } from './redis-stored-record.js';
import { packVisitor } from './visitor-field.js';

const K = REDIS_KEYS.outbox;

/**
 * The Redis outbox's dead letters: a hash of stored records by sequence number, listed, put back
 * into the stream, purged.
 */
export class RedisDeadLetters {
  constructor(private readonly redis: SharedRedis) {}

  /** Records no way in may refuse (a webhook payload that maps to nothing valid), kept dead from the start. */
  async add(refused: RefusedRecord[]): Promise<void> {
    await orUnavailable(async () => {
      for (const { record, error } of refused) {
        const body = stringifyBody(record.body);
        const stored: StoredRecord = {
          kind: record.kind,
          key: record.key,
          body,
          bytes: Buffer.byteLength(body),
          createdAt: Date.now(),
          attempts: 0,
          version: 0,
          visitor: packVisitor(record.visitor) ?? '',
          lastError: errorText(error),
        };
        const seq = await this.redis.incr(K.deadSeq);
        await this.redis
          .multi()
          .hset(K.dead, String(seq), JSON.stringify(stored))
          .hincrby(K.counters, `dead:${record.kind}`, 1)
          .hincrby(K.counters, 'accepted', 1)
          .exec();
      }
    });
  }

  async requeue(ids?: number[]): Promise<number> {
    const chosen = [...(await this.all())].filter(([id]) => !ids || ids.includes(id));
    for (const [id, stored] of chosen) {
      const tx = this.redis
        .multi()
        .xadd(K.stream, '*', ...toFields(stored))
        .hdel(K.dead, String(id));
      await tx
        .hincrby(K.counters, `dead:${stored.kind}`, -1)
        .hincrby(K.counters, `queued:${stored.kind}`, 1)
        .hincrby(K.counters, 'bytes', stored.bytes)
        .exec();
    }
    return chosen.length;
  }

  async list(options: { kind?: RecordKind; limit: number }): Promise<DeadLetter[]> {
    const letters = [...(await this.all())]
      .filter(([, s]) => !options.kind || s.kind === options.kind)
      .sort(([a], [b]) => a - b);
    return letters.slice(0, options.limit).map(([id, s]) => ({
      id,
      kind: s.kind,
      body: s.body,
      attempts: s.attempts,
      createdAt: s.createdAt,
      lastError: s.lastError ?? null,
    }));
  }

  async purge(before: number): Promise<number> {
    const old = [...(await this.all())].filter(([, s]) => s.createdAt < before);
    for (const [id, s] of old)
      await this.redis.multi().hdel(K.dead, String(id)).hincrby(K.counters, `dead:${s.kind}`, -1).exec();
    return old.length;
  }

  private async all(): Promise<Map<number, StoredRecord>> {
    const all = await this.redis.hgetall(K.dead);
    return new Map(Object.entries(all).map(([id, json]) => [Number(id), JSON.parse(json) as StoredRecord]));
  }
}
