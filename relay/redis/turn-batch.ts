import type { SharedRedis } from './redis-connection.js';
import { dedupeWindow, type DedupeWindow } from '../shared/dedupe-window.js';
import { GroupCommit } from '../shared/group-commit.js';
import { orUnavailable } from './shared-state-errors.js';
import { RedisSeenKeys, SEEN_BEFORE_LUA, SEEN_KEY_PREFIXES, type SeenId } from './redis-seen-keys.js';

/**
 * KEYS: the window's two prefixes (`SEEN_KEY_PREFIXES`), then each rate-limit operation's bucket.
 * ARGV: the window's header (`RedisSeenKeys.sliceArgs`), then per operation four values:
 * `L points max ms` (a fixed-window bucket, its key the next in `KEYS`: add the points, start the
 * window if new; answers the ms before the window ends when the bucket is over `max`, else -1, as
 * rate-limiter-flexible's consume counts; the time left is read only when over, where a bucket
 * that somehow lost its expiry gets one, so a bucket under its limit costs one call) or
 * `C bucket field legacyId` (claim an id in the duplicate window, `SEEN_BEFORE_LUA`; 1 when this
 * call was first).
 */
const TURN = `${SEEN_BEFORE_LUA}
local w, a = sliceWindow(KEYS[1], KEYS[2], 1)
local out, k, n = {}, 3, 0
while a <= #ARGV do
  n = n + 1
  if ARGV[a] == 'L' then
    local key, points = KEYS[k], tonumber(ARGV[a + 1])
    local count = redis.call('INCRBY', key, points)
    if count == points then redis.call('PEXPIRE', key, ARGV[a + 3]) end
    if count > tonumber(ARGV[a + 2]) then
      local ttl = redis.call('PTTL', key)
      if ttl < 0 then redis.call('PEXPIRE', key, ARGV[a + 3]); ttl = tonumber(ARGV[a + 3]) end
      out[n] = ttl
    else
      out[n] = -1
    end
    k = k + 1
  else
    out[n] = seenBefore(w, ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]) and 0 or 1
  end
  a = a + 4
end
return out
`;

/**
 * Operations in one script call at most: a busy turn becomes several calls in one pipeline, so no
 * call holds Redis long.
 */
const CALL_LIMIT = 1_000;

interface Operation {
  /** The rate-limit bucket of an `L` operation; none for a claim. */
  key?: string;
  args: (string | Buffer)[];
}

type TurnPipeline = ReturnType<SharedRedis['pipeline']> & {
  shopbeaconTurn(numKeys: number, ...args: (string | Buffer)[]): ReturnType<SharedRedis['pipeline']>;
};

/**
 * The Redis work of one event-loop turn: every request read in that turn adds its
 * rate-limit takes and its event-id claims, and all of them go to Redis in one round trip (a
 * script call per thousand); each request is answered from its part. The outbox's group commit,
 * for Redis. The window's slices are read once per send, so every claim of a call lands in the
 * slice of the moment it is sent.
 */
export class RedisTurnBatch {
  private readonly group = new GroupCommit<Operation, number>((groups) => this.send(groups), 0);
  readonly seen: RedisSeenKeys;

  constructor(
    private readonly redis: SharedRedis,
    window: DedupeWindow = dedupeWindow(),
  ) {
    this.seen = new RedisSeenKeys(redis, window);
    redis.defineCommand('shopbeaconTurn', { lua: TURN });
  }

  /**
   * Adds `points` to the bucket `key` (a window of `windowMs`); resolves to the ms before it frees
   * up when over `max`, else -1.
   */
  async take(key: string, points: number, max: number, windowMs: number): Promise<number> {
    const [answer] = await this.group.submit([{ key, args: ['L', String(points), String(max), String(windowMs)] }]);
    return answer as number;
  }

  /** Claims each id in the duplicate window; true where this was the first claim. */
  async claim(ids: SeenId[]): Promise<boolean[]> {
    const answers = await this.group.submit(ids.map((id) => ({ args: ['C', id.bucket, id.field, id.legacyId] })));
    return answers.map((answer) => answer === 1);
  }

  private send(groups: Operation[][]): Promise<number[][]> {
    return orUnavailable(async () => {
      const pipeline = this.redis.pipeline() as TurnPipeline;
      for (const call of scriptCalls(groups, this.seen.sliceArgs(Date.now())))
        pipeline.shopbeaconTurn(call.keys.length, ...call.keys, ...call.args);
      const replies = (await pipeline.exec()) ?? [];
      const answers: number[] = [];
      for (const [error, reply] of replies) {
        if (error) throw error;
        for (const answer of reply as unknown[]) answers.push(Number(answer));
      }
      let at = 0;
      return groups.map((group) => answers.slice(at, (at += group.length)));
    });
  }
}

/**
 * The turn's operations as script calls of at most `CALL_LIMIT` each, built in one pass (a
 * `flatMap` per call was 4 % of a 10-event `/collect` with Redis shared).
 */
function scriptCalls(groups: Operation[][], header: string[]): { keys: string[]; args: (string | Buffer)[] }[] {
  const calls: { keys: string[]; args: (string | Buffer)[] }[] = [];
  let call: { keys: string[]; args: (string | Buffer)[] } = { keys: [...SEEN_KEY_PREFIXES], args: [...header] };
  let operations = 0;
  for (const group of groups) {
    for (const operation of group) {
      if (operations === CALL_LIMIT) {
        calls.push(call);
        call = { keys: [...SEEN_KEY_PREFIXES], args: [...header] };
        operations = 0;
      }
      if (operation.key !== undefined) call.keys.push(operation.key);
      for (const arg of operation.args) call.args.push(arg);
      operations++;
    }
  }
  if (operations > 0) calls.push(call);
  return calls;
}
