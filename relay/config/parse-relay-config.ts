import { isLoopbackHost } from './setting-parsers.js';
import { ConfigError } from './config-error.js';
import type { RelayConfig } from './relay-config.js';
import { SETTINGS, type Setting } from './settings.js';

/** A rule between settings: each broken one is a sentence naming the variables and their flags. */
export type SettingsRule = (config: Record<string, unknown>) => string[];

/** Settings that one setting makes necessary. */
export const requiredTogether: SettingsRule = (config) => {
  const problems: string[] = [];
  if (config['baseUrl'] && !config['token'])
    problems.push('SHOPBEACON_TOKEN (--token) is required when SHOPBEACON_BASE_URL is set');
  return [...problems, ...exposureProblems(config), ...redisProblems(config)];
};

/**
 * What a relay reachable from other machines must not do: run the open demo, or believe any
 * client's X-Forwarded-For.
 */
function exposureProblems(config: Record<string, unknown>): string[] {
  const host = String(config['host'] ?? '127.0.0.1');
  if (isLoopbackHost(host)) return [];
  const problems: string[] = [];
  if (!config['baseUrl'])
    problems.push(
      `HOST (--host) ${host} without SHOPBEACON_BASE_URL (--base-url): demo mode opens its debugger and mock service without a key, so it listens on a loopback HOST only (127.0.0.1); set the service's URL and token to run for real`,
    );
  if (Number(config['trustProxy']) > 0 && !config['trustedProxies'])
    problems.push(
      `SHOPBEACON_TRUST_PROXY (--trust-proxy) on HOST ${host}: any client reaching this address could forge X-Forwarded-For and escape the per-address limits; name the proxies with SHOPBEACON_TRUSTED_PROXIES (--trusted-proxies), or listen on 127.0.0.1 behind a local proxy`,
    );
  return problems;
}

/** Redis is one URL, sentinels with a name, or a cluster's nodes; WAIT guards the Redis outbox only. */
function redisProblems(config: Record<string, unknown>): string[] {
  const problems = [...redisLocationProblems(config)];
  if (config['redisSentinels'] && !config['redisSentinelName'])
    problems.push(
      'SHOPBEACON_REDIS_SENTINEL_NAME (--redis-sentinel-name) is required when SHOPBEACON_REDIS_SENTINELS is set',
    );
  if (config['redisSentinelName'] && !config['redisSentinels'])
    problems.push(
      'SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) is required when SHOPBEACON_REDIS_SENTINEL_NAME is set',
    );
  if (Number(config['redisWaitReplicas']) > 0 && config['outbox'] !== 'redis')
    problems.push(
      'SHOPBEACON_REDIS_WAIT_REPLICAS (--redis-wait-replicas) needs SHOPBEACON_OUTBOX=redis: the SQLite outbox is durable on its own disk',
    );
  return problems;
}

function redisLocationProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const redis = Boolean(config['redisUrl'] || config['redisSentinels'] || config['redisCluster']);
  if (config['outbox'] === 'redis' && !redis)
    problems.push(
      'SHOPBEACON_REDIS_URL (--redis-url), SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) or SHOPBEACON_REDIS_CLUSTER (--redis-cluster) is required when SHOPBEACON_OUTBOX is "redis"',
    );
  if (config['redisCluster'] && config['redisSentinels'])
    problems.push(
      'SHOPBEACON_REDIS_CLUSTER (--redis-cluster) and SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) name two different Redis setups: set one',
    );
  return problems;
}

/** Reads one setting into `config`, or says why it cannot (a secret's value never shown). */
function readSetting(setting: Setting, value: string | undefined, config: Record<string, unknown>): string | undefined {
  if (value === undefined || value === '') {
    config[setting.key] = setting.fallback;
    return undefined;
  }
  try {
    config[setting.key] = setting.parse(value);
    return undefined;
  } catch (error) {
    // Present though refused: the rules between settings must not also call it missing.
    config[setting.key] = value;
    return `${setting.env} (${setting.flag}) ${(error as Error).message}; got ${setting.secret ? '(hidden)' : JSON.stringify(value)}`;
  }
}

/**
 * Validates raw settings (strings, as from the environment or flags, keyed like `RelayConfig`)
 * all at once against `settings` and `rules`, so every problem is reported at start, each naming
 * its variable and flag.
 */
export function parseSettings(
  raw: Partial<Record<keyof RelayConfig, string | undefined>>,
  settings: readonly Setting[] = SETTINGS,
  rules: readonly SettingsRule[] = [requiredTogether],
): Readonly<RelayConfig> {
  const config: Record<string, unknown> = {};
  const problems = settings.flatMap((setting) => readSetting(setting, raw[setting.key], config) ?? []);
  problems.push(...rules.flatMap((rule) => rule(config)));
  if (problems.length > 0) throw new ConfigError(problems);
  // Read-only once parsed: one owner for each setting, its row (demo mode builds a config of its own).
  return Object.freeze(config) as unknown as Readonly<RelayConfig>;
}

/** Raw settings from the environment alone (for embedding the relay without the CLI). */
export function rawSettingsFromEnv(
  settings: readonly Setting[],
  env: NodeJS.ProcessEnv = process.env,
): Partial<Record<keyof RelayConfig, string>> {
  return Object.fromEntries(settings.filter((s) => env[s.env] !== undefined).map((s) => [s.key, env[s.env]]));
}
