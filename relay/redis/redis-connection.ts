import { Cluster, Redis, type RedisOptions, ReplyError } from 'ioredis';
import type { RelayConfig } from '../config/relay-config.js';
import { reconnectWhenEnded } from './ended-client.js';

/**
 * A Redis error reply's code (`NOGROUP`, `BUSYGROUP`, `READONLY`). The protocol carries it as the
 * reply's first word (`-NOGROUP No such key …`), and ioredis keeps the reply as a `ReplyError`'s
 * message with no code field of its own: this is the one place that word is read.
 */
export function replyCode(error: unknown): string | undefined {
  // ioredis types ReplyError as `any`: instanceof narrows nothing, so the message is read as an Error's.
  if (!(error instanceof ReplyError)) return undefined;
  return /^[A-Z]+(?= |$)/.exec((error as Error).message)?.[0];
}

/** The Redis the relays share: one server (alone or found through sentinels), or a Redis Cluster. */
export type SharedRedis = Redis | Cluster;

/**
 * Where the Redis is: one URL, sentinels that name the primary, or a cluster's nodes (with
 * sentinels or a cluster, the URL gives only its password and database).
 */
export interface RedisTarget {
  url?: string | undefined;
  sentinels?: { host: string; port: number }[] | undefined;
  sentinelName?: string | undefined;
  cluster?: { host: string; port: number }[] | undefined;
  /** On a cluster: the relay group's hash tag, without braces. @default 'shopbeacon' */
  group?: string | undefined;
}

/** The rows that say where the shared Redis is. */
type RedisSettings = Pick<
  RelayConfig,
  'redisUrl' | 'redisSentinels' | 'redisSentinelName' | 'redisCluster' | 'redisGroup'
>;

/** The relay's settings as a target; `undefined` when no Redis is configured. */
export function redisTargetOf(config: RedisSettings): RedisTarget | undefined {
  if (!config.redisUrl && !config.redisSentinels && !config.redisCluster) return undefined;
  return {
    url: config.redisUrl,
    sentinels: config.redisSentinels,
    sentinelName: config.redisSentinelName,
    cluster: config.redisCluster,
    group: config.redisGroup,
  };
}

/**
 * On a cluster every key of a relay group starts with its hash tag (`{shopbeacon}` by default), so
 * all sit in one slot: each script's keys, a pipeline, and a `WAIT` after it reach one primary (one
 * group = one slot; each group its own tag and slot). One server keeps its names as they were.
 */
export const clusterKeyPrefix = (group = 'shopbeacon') => `{${group}}`;

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
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    db,
  };
}

/**
 * One connection to the Redis that several relays share. Fails fast while Redis is down (one
 * retry, a command timeout) so `/collect` answers 503 at once instead of hanging; reconnects by
 * itself in the background, through the sentinels to whichever primary they name.
 */
export function connectRedis(target: RedisTarget | string, commandTimeoutMs = 1_000): SharedRedis {
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    // Key names of several deployments on one Redis stay apart with a `/db` or a URL per deployment.
    lazyConnect: false,
  };
  const { url, sentinels, sentinelName, cluster, group } = typeof target === 'string' ? { url: target } : target;
  if (cluster) return connectCluster(cluster, url, options, clusterKeyPrefix(group));
  if (!sentinels) return new Redis(url as string, options);
  // `failoverDetector`: the sentinels' +switch-master moves the connection at once, not at the next error.
  return reconnectWhenEnded(
    new Redis({
      ...options,
      ...credentialsOf(url),
      sentinels,
      name: sentinelName as string,
      failoverDetector: true,
      reconnectOnError: reconnectOnReadonly,
    }),
  );
}

/**
 * A Redis Cluster from some of its nodes: ioredis learns the rest and the slots, follows a failover
 * (`MOVED`, a new slot map), and sends each command to its slot's primary. A cluster has one
 * database, so the URL's database is not used.
 */
function connectCluster(
  nodes: { host: string; port: number }[],
  url: string | undefined,
  options: RedisOptions,
  keyPrefix: string,
): Cluster {
  const { db: _db, ...credentials } = credentialsOf(url);
  return new Cluster(nodes, {
    redisOptions: { ...options, ...credentials },
    keyPrefix,
    // While a failover elects a replica, commands wait for the new slot map instead of failing at once.
    retryDelayOnClusterDown: 200,
    retryDelayOnFailover: 200,
    clusterRetryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    enableOfflineQueue: true,
  });
}
