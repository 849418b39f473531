import { ConfigError } from './config-error.js';
import type { RelayConfig } from './relay-config.js';
import { SETTINGS } from './settings.js';

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
      const shown = ['token', 'adminKey', 'redisUrl'].includes(setting.key) ? '(hidden)' : JSON.stringify(value);
      problems.push(`${setting.env} (${setting.flag}) ${(error as Error).message}; got ${shown}`);
    }
  }
  if (config['baseUrl'] && !config['token']) problems.push('SHOPBEACON_TOKEN (--token) is required when SHOPBEACON_BASE_URL is set');
  if (config['outbox'] === 'redis' && !config['redisUrl']) problems.push('SHOPBEACON_REDIS_URL (--redis-url) is required when SHOPBEACON_OUTBOX is "redis"');
  if (problems.length > 0) throw new ConfigError(problems);
  return config as unknown as RelayConfig;
}

/** Raw settings from the environment alone (for embedding the relay without the CLI). */
export function rawConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Record<keyof RelayConfig, string>> {
  return Object.fromEntries(SETTINGS.filter((s) => env[s.env] !== undefined).map((s) => [s.key, env[s.env]]));
}
