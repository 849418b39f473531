import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientAddress } from '../http/client-address.js';
import { HttpError } from '../http/http-error.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import type { RedisTurnBatch } from '../redis/turn-batch.js';

export interface RateLimitOptions {
  /** Events per minute per client IP; 0 turns the limit off. */
  perIp: number;
  /** Events per minute per `user_id`; 0 turns the limit off. */
  perUser: number;
  /**
   * Buckets in the Redis every relay shares, taken with the loop turn's other requests; in memory
   * (per process) when absent.
   */
  redis?: RedisTurnBatch;
}

const WINDOW_MS = 60_000;

/** One limit: `consume(key, n)` resolves, or answers 429 with `Retry-After` when the key's bucket is empty. */
type Bucket = (key: string, events: number) => Promise<void>;

function tooMany(msBeforeNext: number): HttpError {
  return new HttpError(429, 'rate_limited', 'too many events; slow down', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });
}

/** A fixed window per key in this process (rate-limiter-flexible). */
function memoryBucket(points: number): Bucket {
  const limiter = new RateLimiterMemory({ points, duration: WINDOW_MS / 1000 });
  return async (key, events) => {
    try {
      await limiter.consume(key, events);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  };
}

/**
 * The same window in the shared Redis, the loop turn's takes in one round trip (the keys
 * rate-limiter-flexible used); a Redis away is the batch's 503.
 */
function redisBucket(points: number, name: string, turns: RedisTurnBatch): Bucket {
  return async (key, events) => {
    const msBeforeNext = await turns.take(`${REDIS_KEYS.rateLimit(name)}:${key}`, events, points, WINDOW_MS);
    if (msBeforeNext >= 0) throw tooMany(msBeforeNext);
  };
}

function bucket(points: number, name: string, redis: RedisTurnBatch | undefined): Bucket | undefined {
  if (points <= 0) return undefined;
  return redis ? redisBucket(points, name, redis) : memoryBucket(points);
}

/** Buckets per IP and per `user_id`, counted in events (a batch of 10 takes 10). */
export class RateLimits {
  private readonly ip: Bucket | undefined;
  private readonly user: Bucket | undefined;

  constructor(options: RateLimitOptions) {
    this.ip = bucket(options.perIp, 'ip', options.redis);
    this.user = bucket(options.perUser, 'user', options.redis);
  }

  /**
   * Takes a request's events from its client's bucket (an IPv6 /64 as one) and each visitor's
   * events from that visitor's bucket at this client address, all in the same round trip (with
   * Redis, one loop turn's call), before any work is done on them. Every bucket of the
   * request is charged even when one of them answers 429 (they are taken together). Per address,
   * so that nobody elsewhere can empty a visitor's bucket by sending events in their name and
   * block their own.
   */
  async take(ip: string, events: number, eventsByUser: ReadonlyMap<string, number>): Promise<void> {
    const { user } = this;
    const client = clientAddress(ip);
    const takes = user ? [...eventsByUser].map(([id, n]) => user(`${client}|${id}`, n)) : [];
    if (this.ip) takes.push(this.ip(client, events));
    await Promise.all(takes);
  }
}
