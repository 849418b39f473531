import type { SharedRedis } from '../redis/redis-connection.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import { orUnavailable } from '../redis/shared-state-errors.js';
import type { Budget } from './visitor-budgets.js';
import type { Admission, MonthVisitor, VisitorLedger } from './visitor-ledger.js';

/**
 * KEYS: the month's set, the previous month's, then each budget's counter.
 * ARGV: the user id, when the month's set expires (epoch ms), then per budget its limit (`inf`
 * for none) and when its counter expires.
 * Answers `{1}` billed already; `{0, i…}` refused by the budgets i (0-based), nothing written;
 * `{2, returning, count…}` admitted, each counter's count after.
 */
const ADMIT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return {1} end
local full = {0}
for i = 3, #KEYS do
  local limit = ARGV[3 + (i - 3) * 2]
  if limit ~= 'inf' and tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(limit) then full[#full + 1] = i - 3 end
end
if #full > 1 then return full end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
local out = {2, redis.call('SISMEMBER', KEYS[2], ARGV[1])}
for i = 3, #KEYS do
  out[#out + 1] = redis.call('INCR', KEYS[i])
  redis.call('PEXPIREAT', KEYS[i], ARGV[4 + (i - 3) * 2])
end
return out
`;

/** KEYS: the latest time; ARGV: now. Sets it unless it holds a later one. */
const NOTE = `if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end`;

/**
 * Redis expires keys by its own clock, the door names windows by the relays': an hour more covers
 * clocks NTP keeps apart.
 */
const EXPIRY_MARGIN_MS = 3_600_000;

type AdmittingRedis = SharedRedis & { shopbeaconAdmit(numKeys: number, ...args: string[]): Promise<number[]> };

const K = REDIS_KEYS.ledger;

/**
 * The visitor ledger every relay sharing a Redis keeps: a set of user ids per billing month, a
 * counter per budget, each admission one script (so relays never overspend a budget between
 * them). Redis not answering is `shared_state_unavailable`, a 503 the snippet retries.
 */
export class RedisVisitorLedger implements VisitorLedger {
  private readonly redis: AdmittingRedis;

  constructor(redis: SharedRedis) {
    redis.defineCommand('shopbeaconAdmit', { lua: ADMIT });
    this.redis = redis as AdmittingRedis;
  }

  billed(month: string, userId: string): Promise<boolean> {
    return orUnavailable(async () => (await this.redis.sismember(K.billed(month), userId)) === 1);
  }

  /** Redis expires what is past keeping by itself: the door's time is not needed here. */
  admit(visitor: MonthVisitor, budgets: readonly Budget[]): Promise<Admission> {
    const keys = [K.billed(visitor.month), K.billed(visitor.previous), ...budgets.map((b) => K.counter(b.key))];
    const args = [
      visitor.userId,
      String(visitor.keepUntil + EXPIRY_MARGIN_MS),
      ...budgets.flatMap((b) => [
        Number.isFinite(b.limit) ? String(b.limit) : 'inf',
        String(b.keepUntil + EXPIRY_MARGIN_MS),
      ]),
    ];
    return orUnavailable(async () => {
      const [status, ...rest] = (await this.redis.shopbeaconAdmit(keys.length, ...keys, ...args)).map(Number);
      if (status === 1) return { status: 'billed' };
      if (status === 0) return { status: 'refused', full: rest };
      return { status: 'admitted', returning: rest[0] === 1, counts: rest.slice(1) };
    });
  }

  add(key: string, n: number, keepUntil: number): Promise<number> {
    return orUnavailable(async () => {
      const replies = await this.redis
        .multi()
        .incrby(K.counter(key), n)
        .pexpireat(K.counter(key), keepUntil + EXPIRY_MARGIN_MS)
        .exec();
      const [error, count] = replies?.[0] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return Number(count);
    });
  }

  counts(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return orUnavailable(async () =>
      (await this.redis.mget(...keys.map((key) => K.counter(key)))).map((count) => Number(count ?? 0)),
    );
  }

  note(now: number): Promise<void> {
    return orUnavailable(async () => void (await this.redis.eval(NOTE, 1, K.latest, String(now))));
  }

  latest(): Promise<number> {
    return orUnavailable(async () => Number((await this.redis.get(K.latest)) ?? 0));
  }

  close(): void {}
}
