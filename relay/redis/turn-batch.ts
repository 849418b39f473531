import type { Redis } from 'ioredis';
import { GroupCommit } from '../shared/group-commit.js';
import { orUnavailable } from './shared-state-errors.js';

/**
 * KEYS: one per operation. ARGV: per operation its code, then its arguments: `L points max ms` (a
 * fixed-window bucket: add the points, start the window if new; answers the ms before the window
 * ends when the bucket is over `max`, else -1, as rate-limiter-flexible's consume counts) or `C
 * seconds` (claim the key: SET NX EX; 1 when this call was first).
 */
const TURN = `
local out, a = {}, 1
for k = 1, #KEYS do
  local op = ARGV[a]
  if op == 'L' then
    local n = redis.call('INCRBY', KEYS[k], tonumber(ARGV[a + 1]))
    local ttl = redis.call('PTTL', KEYS[k])
    if ttl < 0 then redis.call('PEXPIRE', KEYS[k], ARGV[a + 3]); ttl = tonumber(ARGV[a + 3]) end
    out[k] = n > tonumber(ARGV[a + 2]) and ttl or -1
    a = a + 4
  else
    out[k] = redis.call('SET', KEYS[k], '1', 'NX', 'EX', ARGV[a + 1]) and 1 or 0
    a = a + 2
  end
end
return out
`;

/** Operations in one script call at most: a busy turn becomes several calls in one pipeline, so no call holds Redis long. */
const CALL_LIMIT = 1_000;

interface Operation {
  key: string;
  args: string[];
}

type TurnPipeline = ReturnType<Redis['pipeline']> & { shopbeaconTurn(numKeys: number, ...args: string[]): ReturnType<Redis['pipeline']> };

/**
 * The Redis work of one event-loop turn (issue #28): every request read in that turn adds its
 * rate-limit takes and its event-id claims, and all of them go to Redis in one round trip (a
 * script call per thousand); each request is answered from its part. The outbox's group commit,
 * for Redis.
 */
export class RedisTurnBatch {
  private readonly group = new GroupCommit<Operation, number>((groups) => this.send(groups), 0);

  constructor(private readonly redis: Redis) {
    redis.defineCommand('shopbeaconTurn', { lua: TURN });
  }

  /** Adds `points` to the bucket `key` (a window of `windowMs`); resolves to the ms before it frees up when over `max`, else -1. */
  async take(key: string, points: number, max: number, windowMs: number): Promise<number> {
    const [answer] = await this.group.submit([{ key, args: ['L', String(points), String(max), String(windowMs)] }]);
    return answer as number;
  }

  /** Claims each key for `seconds`; true where this was the first claim. */
  async claim(keys: string[], seconds: number): Promise<boolean[]> {
    const answers = await this.group.submit(keys.map((key) => ({ key, args: ['C', String(seconds)] })));
    return answers.map((answer) => answer === 1);
  }

  private send(groups: Operation[][]): Promise<number[][]> {
    return orUnavailable(async () => {
      const operations = groups.flat();
      const pipeline = this.redis.pipeline() as TurnPipeline;
      for (let i = 0; i < operations.length; i += CALL_LIMIT) {
        const call = operations.slice(i, i + CALL_LIMIT);
        pipeline.shopbeaconTurn(call.length, ...call.map((o) => o.key), ...call.flatMap((o) => o.args));
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
