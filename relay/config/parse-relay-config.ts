import { ConfigError } from './config-error.js';
import type { RelayConfig } from './relay-config.js';
import { SETTINGS } from './settings.js';

/** Settings that one setting makes necessary. */
function requiredTogether(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (config['baseUrl'] && !config['token']) problems.push('SHOPBEACON_TOKEN (--token) is required when SHOPBEACON_BASE_URL is set');
  if (config['outbox'] === 'redis' && !config['redisUrl']) problems.push('SHOPBEACON_REDIS_URL (--redis-url) is required when SHOPBEACON_OUTBOX is "redis"');
  const webhooks = [config['woocommerceSecret'] && 'SHOPBEACON_WOOCOMMERCE_SECRET', config['shopifySecret'] && 'SHOPBEACON_SHOPIFY_SECRET'].filter(Boolean);
  if (webhooks.length > 0 && !config['shopCurrency']) problems.push(`SHOPBEACON_SHOP_CURRENCY (--shop-currency) is required when ${webhooks.join(' or ')} is set: product webhooks carry no currency`);
  if (config['shopifySecret'] && !config['shopUrl']) problems.push('SHOPBEACON_SHOP_URL (--shop-url) is required when SHOPBEACON_SHOPIFY_SECRET is set: Shopify products carry only a handle, not a link');
  return problems;
}

/** Settings whose values never appear in a message (a Redis URL may carry a password). */
const SECRET_KEYS: (keyof RelayConfig)[] = ['token', 'adminKey', 'redisUrl', 'woocommerceSecret', 'shopifySecret'];

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
