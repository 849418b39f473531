import { Redis, type RedisOptions } from 'ioredis';
import { replyCode } from './reply-code.js';

/** Where the Redis is: one URL, or sentinels that name the primary (the URL then gives only its password and database). */
export interface RedisTarget {
  url?: string | undefined;
  sentinels?: { host: string; port: number }[] | undefined;
  sentinelName?: string | undefined;
}

/** The relay's settings as a target; `undefined` when no Redis is configured. */
export function redisTargetOf(config: { redisUrl: string | undefined; redisSentinels: RedisTarget['sentinels']; redisSentinelName: string | undefined }): RedisTarget | undefined {
  if (!config.redisUrl && !config.redisSentinels) return undefined;
  return { url: config.redisUrl, sentinels: config.redisSentinels, sentinelName: config.redisSentinelName };
}

/**
 * After a failover the old primary may come back as a replica and answer writes with `READONLY`:
 * reconnect (and resend) so the sentinels name the new primary (ioredis's `reconnectOnError`).
 */
const reconnectOnReadonly = (error: Error) => (replyCode(error) === 'READONLY' ? 2 : false);

/** The password, user and database of a `redis://` URL, for a sentinel-found primary. */
function credentialsOf(url: string | undefined): Pick<RedisOptions, 'username' | 'password' | 'db'> {
  if (!url) return {};
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || 0);
  return { ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}), ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}), db };
}

/**
 * One connection to the Redis that several relays share. Fails fast while Redis is down (one
 * retry, a command timeout) so `/collect` answers 503 at once instead of hanging; reconnects by
 * itself in the background, through the sentinels to whichever primary they name.
 */
export function connectRedis(target: RedisTarget | string, commandTimeoutMs = 1_000): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    // Key names of several deployments on one Redis stay apart with a `/db` or a URL per deployment.
    lazyConnect: false,
  };
  const { url, sentinels, sentinelName } = typeof target === 'string' ? { url: target } : target;
  if (!sentinels) return new Redis(url as string, options);
  // `failoverDetector`: the sentinels' +switch-master moves the connection at once, not at the next error.
  return new Redis({ ...options, ...credentialsOf(url), sentinels, name: sentinelName as string, failoverDetector: true, reconnectOnError: reconnectOnReadonly });
}
