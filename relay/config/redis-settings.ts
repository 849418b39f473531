import { groupName, hostPorts, redisUrl, token, wholeNumber } from './setting-parsers.js';
import type { SettingRow } from './setting.js';

/** Redis shared by several relays: where it is (one URL, sentinels or a cluster) and what a batch waits for. */
export const REDIS_SETTINGS = [
  {
    key: 'redisUrl',
    secret: true,
    env: 'SHOPBEACON_REDIS_URL',
    flag: '--redis-url',
    help: 'Redis shared by several relays: event ids, rate limits, visitor counts (unset = this process only); with sentinels, only its password and database are used',
    parse: redisUrl,
  },
  {
    key: 'redisSentinels',
    env: 'SHOPBEACON_REDIS_SENTINELS',
    flag: '--redis-sentinels',
    help: 'host:port,host:port of Redis Sentinels: the relay asks them for the primary and follows a failover by itself',
    parse: hostPorts,
  },
  {
    key: 'redisSentinelName',
    env: 'SHOPBEACON_REDIS_SENTINEL_NAME',
    flag: '--redis-sentinel-name',
    help: "the primary's name the sentinels monitor (required with --redis-sentinels)",
    parse: token,
  },
  {
    key: 'redisCluster',
    env: 'SHOPBEACON_REDIS_CLUSTER',
    flag: '--redis-cluster',
    help: 'host:port,host:port of some nodes of a Redis Cluster: the relay learns the rest and follows failovers; its keys share one hash tag, so a relay group uses one slot (the URL gives only the password)',
    parse: hostPorts,
  },
  {
    key: 'redisGroup',
    env: 'SHOPBEACON_REDIS_GROUP',
    flag: '--redis-group',
    help: "with --redis-cluster: the relay group's hash tag; relays of one shop share it, another shop on the same cluster takes its own (letters, digits, - and _)",
    parse: groupName,
    fallback: 'shopbeacon',
  },
  {
    key: 'redisWaitReplicas',
    env: 'SHOPBEACON_REDIS_WAIT_REPLICAS',
    flag: '--redis-wait-replicas',
    help: 'with the Redis outbox: acknowledge a batch only once this many replicas hold it (one WAIT per batch), else 503',
    parse: wholeNumber(),
    fallback: 0,
  },
  {
    key: 'redisWaitTimeoutMs',
    env: 'SHOPBEACON_REDIS_WAIT_TIMEOUT_MS',
    flag: '--redis-wait-timeout-ms',
    help: 'how long a batch waits for its replicas before the 503',
    parse: wholeNumber(1),
    fallback: 500,
  },
] as const satisfies readonly SettingRow[];
