import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { asUnavailable } from '../redis/shared-state-errors.js';
import { HttpError } from '../http/http-error.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';

export interface RateLimitOptions {
  /** Events per minute per client IP; 0 turns the limit off. */
  perIp: number;
  /** Events per minute per `user_id`; 0 turns the limit off. */
  perUser: number;
  /** Buckets in this Redis, shared by every relay using it; in memory (per process) when absent. */
  redis?: Redis;
}

function limiter(points: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract | undefined {
  if (points <= 0) return undefined;
  return redis ? new RateLimiterRedis({ storeClient: redis, points, duration: 60, keyPrefix: REDIS_KEYS.rateLimit(keyPrefix) }) : new RateLimiterMemory({ points, duration: 60 });
}

/** Token buckets per IP and per `user_id`, counted in events (a batch of 10 takes 10). */
export class RateLimits {
  private readonly ip: RateLimiterAbstract | undefined;
  private readonly user: RateLimiterAbstract | undefined;

  constructor(options: RateLimitOptions) {
    this.ip = limiter(options.perIp, 'ip', options.redis);
    this.user = limiter(options.perUser, 'user', options.redis);
  }

  /** Takes a request's events from its IP's bucket, before any work is done on them. */
  takeIp(ip: string, events: number): Promise<void> {
    return this.take(async () => void (this.ip && (await this.ip.consume(ip, events))));
  }

  /** Takes each visitor's events from that visitor's bucket. */
  takeUsers(eventsByUser: Map<string, number>): Promise<void> {
    return this.take(async () => {
      if (this.user) for (const [user, n] of eventsByUser) await this.user.consume(user, n);
    });
  }

  /** Runs the consumption, turning an empty bucket into 429 with `Retry-After`. */
  private async take(consume: () => Promise<void>): Promise<void> {
    try {
      await consume();
    } catch (error) {
      // rate-limiter-flexible rejects with an Error when its store (Redis) fails.
      if (error instanceof Error) throw asUnavailable(error);
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new HttpError(429, 'rate_limited', 'too many events; slow down', undefined, { 'Retry-After': String(seconds) });
    }
  }
}
