import { Redis } from 'ioredis';

/**
 * One connection to the Redis that several relays share. Fails fast while Redis is down (one
 * retry, a 1 s command timeout) so `/collect` answers 503 at once instead of hanging; reconnects
 * by itself in the background.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    // Key names of several deployments on one Redis stay apart with a `/db` or a URL per deployment.
    lazyConnect: false,
  });
}
