import type { Redis } from 'ioredis';
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

interface Operation {
  key: string;
  args: string[];
  settle: { resolve: (answer: number) => void; reject: (error: unknown) => void };
}

/**
 * The Redis work of one event-loop turn (issue #28): every request read in that turn adds its
 * rate-limit takes and its event-id claims, and all of them go to Redis as one script call, one
 * round trip; each request is answered from its part. The same batching as the outbox's group commit.
 */
export class RedisTurnBatch {
  private operations: Operation[] = [];

  constructor(private readonly redis: Redis) {
    redis.defineCommand('shopbeaconTurn', { lua: TURN });
  }

  /** Adds `points` to the bucket `key` (a window of `windowMs`); resolves to the ms before it frees up when over `max`, else -1. */
  take(key: string, points: number, max: number, windowMs: number): Promise<number> {
    return this.add(key, ['L', String(points), String(max), String(windowMs)]);
  }

  /** Claims `key` for `seconds`; true when this was the first claim. */
  async claim(key: string, seconds: number): Promise<boolean> {
    return (await this.add(key, ['C', String(seconds)])) === 1;
  }

  private add(key: string, args: string[]): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.operations.push({ key, args, settle: { resolve, reject } }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const operations = this.operations;
    this.operations = [];
    try {
      const run = (this.redis as unknown as { shopbeaconTurn(n: number, ...args: string[]): Promise<number[]> }).shopbeaconTurn;
      const answers = await orUnavailable(() => run.call(this.redis, operations.length, ...operations.map((o) => o.key), ...operations.flatMap((o) => o.args)));
      operations.forEach((o, i) => o.settle.resolve(Number(answers[i])));
    } catch (error) {
      for (const o of operations) o.settle.reject(error);
    }
  }
}
