import { ConfigError } from './config-error.js';
import type { RelayConfig } from './relay-config.js';
import { SETTINGS, type Setting } from './settings.js';

/** Settings that one setting makes necessary. */
function requiredTogether(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (config['baseUrl'] && !config['token']) problems.push('SHOPBEACON_TOKEN (--token) is required when SHOPBEACON_BASE_URL is set');
  problems.push(...redisProblems(config));
  const webhooks = [config['woocommerceSecret'] && 'SHOPBEACON_WOOCOMMERCE_SECRET', config['shopifySecret'] && 'SHOPBEACON_SHOPIFY_SECRET'].filter(Boolean);
  if (webhooks.length > 0 && !config['shopCurrency']) problems.push(`SHOPBEACON_SHOP_CURRENCY (--shop-currency) is required when ${webhooks.join(' or ')} is set: product webhooks carry no currency`);
  if (config['shopifySecret'] && !config['shopUrl'] && !config['shopifyShop']) problems.push('SHOPBEACON_SHOP_URL (--shop-url) is required when SHOPBEACON_SHOPIFY_SECRET is set: Shopify products carry only a handle, not a link');
  return [...problems, ...apiProblems(config)];
}

/** Redis is one URL or sentinels with a name; WAIT guards the Redis outbox only. */
function redisProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const redis = Boolean(config['redisUrl'] || config['redisSentinels']);
  if (config['outbox'] === 'redis' && !redis) problems.push('SHOPBEACON_REDIS_URL (--redis-url) or SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) is required when SHOPBEACON_OUTBOX is "redis"');
  if (config['redisSentinels'] && !config['redisSentinelName']) problems.push('SHOPBEACON_REDIS_SENTINEL_NAME (--redis-sentinel-name) is required when SHOPBEACON_REDIS_SENTINELS is set');
  if (config['redisSentinelName'] && !config['redisSentinels']) problems.push('SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) is required when SHOPBEACON_REDIS_SENTINEL_NAME is set');
  if (Number(config['redisWaitReplicas']) > 0 && config['outbox'] !== 'redis') problems.push('SHOPBEACON_REDIS_WAIT_REPLICAS (--redis-wait-replicas) needs SHOPBEACON_OUTBOX=redis: the SQLite outbox is durable on its own disk');
  return problems;
}

/** The settings of one platform API, which work only all together. */
const API_GROUPS: string[][] = [
  ['woocommerceUrl', 'woocommerceConsumerKey', 'woocommerceConsumerSecret'],
  ['shopifyShop', 'shopifyAdminToken'],
  ['prestashopUrl', 'prestashopKey'],
];

/** A platform API half configured names what is missing (without `SHOPBEACON_SHOP_CURRENCY` the sync asks the shop). */
function apiProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const named = (key: string) => SETTINGS.find((s) => s.key === key) as Setting;
  for (const group of API_GROUPS) {
    const set = group.filter((key) => config[key] !== undefined);
    if (set.length > 0 && set.length < group.length) {
      const missing = group.filter((key) => config[key] === undefined).map((key) => `${named(key).env} (${named(key).flag})`);
      problems.push(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required when ${set.map((key) => named(key).env).join(' and ')} ${set.length > 1 ? 'are' : 'is'} set`);
    }
  }
  return problems;
}

/** Settings whose values never appear in a message (a Redis URL may carry a password). */
const SECRET_KEYS: (keyof RelayConfig)[] = ['token', 'adminKey', 'redisUrl', 'woocommerceSecret', 'shopifySecret', 'woocommerceConsumerKey', 'woocommerceConsumerSecret', 'shopifyAdminToken', 'prestashopKey'];

/**
 * Validates raw settings (strings, as from the environment or flags, keyed like `RelayConfig`)
 * all at once, so every problem is reported at start, each naming its variable and flag.
 */
export function parseRelayConfig(raw: Partial<Record<keyof RelayConfig, string | undefined>>): RelayConfig {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    const value = raw[setting.key];
    if (value === undefined || value === '') {
      config[setting.key] = setting.fallback;
      continue;
    }
    try {
      config[setting.key] = setting.parse(value);
    } catch (error) {
      // A Redis URL may carry a password.
      const shown = SECRET_KEYS.includes(setting.key) ? '(hidden)' : JSON.stringify(value);
      // Present though refused: the rules between settings must not also call it missing.
      config[setting.key] = value;
      problems.push(`${setting.env} (${setting.flag}) ${(error as Error).message}; got ${shown}`);
    }
  }
  problems.push(...requiredTogether(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config as unknown as RelayConfig;
}

/** Raw settings from the environment alone (for embedding the relay without the CLI). */
export function rawConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Record<keyof RelayConfig, string>> {
  return Object.fromEntries(SETTINGS.filter((s) => env[s.env] !== undefined).map((s) => [s.key, env[s.env]]));
}
