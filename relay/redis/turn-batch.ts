import type { SharedRedis } from './redis-connection.js';
import { GroupCommit } from '../shared/group-commit.js';
import { orUnavailable } from './shared-state-errors.js';
import { SEEN_BEFORE_LUA, type SeenPlace } from './redis-seen-keys.js';

/**
 * KEYS: per operation its keys. ARGV: per operation its code, then its arguments: `L points max ms`
 * with one key (a fixed-window bucket: add the points, start the window if new; answers the ms
 * before the window ends when the bucket is over `max`, else -1, as rate-limiter-flexible's consume
 * counts) or `C count legacy field expiresAt` with `count` keys (claim an id in the duplicate
 * window, `SEEN_BEFORE_LUA`; 1 when this call was first).
 */
const TURN = `${SEEN_BEFORE_LUA}
local out, k, a, n = {}, 1, 1, 0
while a <= #ARGV do
  n = n + 1
  if ARGV[a] == 'L' then
    local key = KEYS[k]
    local count = redis.call('INCRBY', key, tonumber(ARGV[a + 1]))
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then redis.call('PEXPIRE', key, ARGV[a + 3]); ttl = tonumber(ARGV[a + 3]) end
    out[n] = count > tonumber(ARGV[a + 2]) and ttl or -1
    k = k + 1
    a = a + 4
  else
    local count = tonumber(ARGV[a + 1])
    out[n] = seenBefore(k, count, ARGV[a + 2] == '1', ARGV[a + 3], ARGV[a + 4]) and 0 or 1
    k = k + count
    a = a + 5
  end
end
return out
`;

/** Operations in one script call at most: a busy turn becomes several calls in one pipeline, so no call holds Redis long. */
const CALL_LIMIT = 1_000;

interface Operation {
  keys: string[];
  args: (string | Buffer)[];
}

type TurnPipeline = ReturnType<SharedRedis['pipeline']> & { shopbeaconTurn(numKeys: number, ...args: (string | Buffer)[]): ReturnType<SharedRedis['pipeline']> };

/**
 * The Redis work of one event-loop turn (issue #28): every request read in that turn adds its
 * rate-limit takes and its event-id claims, and all of them go to Redis in one round trip (a
 * script call per thousand); each request is answered from its part. The outbox's group commit,
 * for Redis.
 */
export class RedisTurnBatch {
  private readonly group = new GroupCommit<Operation, number>((groups) => this.send(groups), 0);

  constructor(private readonly redis: SharedRedis) {
    redis.defineCommand('shopbeaconTurn', { lua: TURN });
  }

  /** Adds `points` to the bucket `key` (a window of `windowMs`); resolves to the ms before it frees up when over `max`, else -1. */
  async take(key: string, points: number, max: number, windowMs: number): Promise<number> {
    const [answer] = await this.group.submit([{ keys: [key], args: ['L', String(points), String(max), String(windowMs)] }]);
    return answer as number;
  }

  /** Claims each id at its place in the duplicate window; true where this was the first claim. */
  async claim(places: SeenPlace[]): Promise<boolean[]> {
    const answers = await this.group.submit(places.map((p) => ({ keys: p.keys, args: ['C', String(p.keys.length), p.legacy ? '1' : '0', p.field, String(p.expiresAt)] })));
    return answers.map((answer) => answer === 1);
  }

  private send(groups: Operation[][]): Promise<number[][]> {
    return orUnavailable(async () => {
      const operations = groups.flat();
      const pipeline = this.redis.pipeline() as TurnPipeline;
      for (let i = 0; i < operations.length; i += CALL_LIMIT) {
        const call = operations.slice(i, i + CALL_LIMIT);
        const keys = call.flatMap((o) => o.keys);
        pipeline.shopbeaconTurn(keys.length, ...keys, ...call.flatMap((o) => o.args));
      }
      const replies = (await pipeline.exec()) ?? [];
      const answers = replies.flatMap(([error, reply]) => {
        if (error) throw error;
        return (reply as number[]).map(Number);
      });
      let at = 0;
      return groups.map((group) => answers.slice(at, (at += group.length)));
    });
  }
}
