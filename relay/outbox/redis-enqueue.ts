import type { SharedRedis } from '../redis/redis-connection.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { RedisSeenKeys, SEEN_KEY_PREFIXES, type SeenId } from '../redis/redis-seen-keys.js';
import { type DedupeWindow, dedupeWindow } from '../shared/dedupe-window.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import { stringifyBody } from '../shared/exact-json.js';
import { outboxFull, replicasUnconfirmed } from '../shared/storage-error.js';
import { GroupCommit } from '../shared/group-commit.js';
import { packVisitor } from './visitor-field.js';
import { seenIdOf } from './outbox-key.js';
import type { EnqueueResult, OutboxRecord } from './outbox.js';
import { ENQUEUE } from './redis-outbox-scripts.js';
import { REDIS_SETTINGS } from '../config/redis-settings.js';
import { rowDefault } from '../config/setting.js';

const DEFAULT_WAIT = {
  replicas: rowDefault(REDIS_SETTINGS, 'redisWaitReplicas'),
  timeoutMs: rowDefault(REDIS_SETTINGS, 'redisWaitTimeoutMs'),
};

const K = REDIS_KEYS.outbox;

interface RedisEnqueueOptions {
  redis: SharedRedis;
  limits: { records: number; bytes: number };
  /**
   * Replicas that must hold a batch before it is acknowledged: one `WAIT` per batch, in the same
   * round trip as the script. 0 acknowledges once the primary holds it. By default
   * `SHOPBEACON_REDIS_WAIT_REPLICAS`', and `waitTimeoutMs` `SHOPBEACON_REDIS_WAIT_TIMEOUT_MS`'.
   */
  waitReplicas?: number | undefined;
  waitTimeoutMs?: number | undefined;
  /** How long an id is remembered as seen, and its slices. @default dedupeWindow() */
  window?: DedupeWindow;
}

/** One record's arguments of the enqueue script (`ENQUEUE`), its id's place in the duplicate window last. */
function scriptArgs(record: OutboxRecord, seen: SeenId | undefined): (string | Buffer)[] {
  const body = stringifyBody(record.body);
  const window = seen ? ['1', seen.bucket, seen.field, seen.legacyId] : ['0', '', '', ''];
  return [record.kind, record.key, body, String(Buffer.byteLength(body)), packVisitor(record.visitor) ?? '', ...window];
}

/** A pipeline with the enqueue script defined on the connection (`defineCommand`). */
type EnqueuePipeline = ReturnType<SharedRedis['pipeline']> & {
  shopbeaconEnqueue(numKeys: number, ...args: (string | Buffer)[]): ReturnType<SharedRedis['pipeline']>;
};

/**
 * The Redis outbox's writes: what the requests of one event-loop turn enqueue goes to Redis as one
 * script call (de-duplication and `XADD` together), followed, when replicas must confirm, by one
 * `WAIT` for the whole batch. The script always writes (its `enqueues` counter), so even a batch
 * of duplicates waits for everything before it in the replication stream: a duplicate answered
 * 200 is as safe as the record it repeats.
 */
export class RedisEnqueue {
  private readonly group = new GroupCommit<OutboxRecord, EnqueueResult>((groups) => this.commit(groups), 0);
  private readonly places: RedisSeenKeys;

  constructor(private readonly options: RedisEnqueueOptions) {
    this.places = new RedisSeenKeys(options.redis, options.window ?? dedupeWindow());
    // EVALSHA, loading the script once: its 2 KB source no longer travels with every batch.
    options.redis.defineCommand('shopbeaconEnqueue', { lua: ENQUEUE });
  }

  enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]> {
    return records.length === 0 ? Promise.resolve([]) : this.group.submit(records);
  }

  private async commit(groups: OutboxRecord[][]): Promise<EnqueueResult[][]> {
    const records = groups.flat();
    const answer = await this.send(records);
    // The script answers a full outbox with the cap it reached, as a value (a number first), not as an error's text.
    if (typeof answer[0] === 'number') throw outboxFull(String(answer[1]));
    let at = 0;
    return groups.map((group) => (answer as EnqueueResult[]).slice(at, (at += group.length)));
  }

  private async send(records: OutboxRecord[]): Promise<EnqueueResult[] | [number, string]> {
    const {
      redis,
      limits,
      waitReplicas = DEFAULT_WAIT.replicas,
      waitTimeoutMs = DEFAULT_WAIT.timeoutMs,
    } = this.options;
    const now = Date.now();
    const ids = records.map((r) => seenIdOf(r));
    // The places of the records that have an id, in their order.
    const found = (
      await this.places.idsOf(
        ids.filter((id): id is string => id !== undefined),
        now,
      )
    ).values();
    const keys: string[] = [K.stream, K.counters, ...SEEN_KEY_PREFIXES];
    const args: (string | Buffer)[] = [
      String(limits.records),
      String(limits.bytes),
      String(now),
      ...this.places.sliceArgs(now),
    ];
    for (const [i, record] of records.entries()) {
      keys.push(K.latest(record.kind, record.key));
      args.push(...scriptArgs(record, ids[i] === undefined ? undefined : (found.next().value as SeenId)));
    }
    return orUnavailable(async () => {
      const pipeline = (redis.pipeline() as EnqueuePipeline).shopbeaconEnqueue(keys.length, ...keys, ...args);
      if (waitReplicas > 0) pipeline.call('WAIT', waitReplicas, waitTimeoutMs);
      const [[scriptError, answer] = [], [waitError, confirmed] = []] = (await pipeline.exec()) ?? [];
      if (scriptError || waitError) throw scriptError ?? waitError;
      if (waitReplicas > 0 && Number(confirmed) < waitReplicas)
        throw replicasUnconfirmed(Number(confirmed), waitReplicas);
      return answer as EnqueueResult[] | [number, string];
    });
  }
}
