import { ConfigError } from './config/config-error.js';
import type { RelayConfig } from './config/relay-config.js';

/**
 * The relay's settings as the core takes them: the service's URL and token required, every other
 * as its row gives it. Each factory of the core states the rows it reads by their own names
 * (`Pick<RelayConfig, …>`) and is handed the settings as they are, so a new row reaches the factory
 * that names it with no wiring between.
 */
export type CoreSettings = Readonly<RelayConfig> & { readonly baseUrl: string; readonly token: string };

/** The relay's settings, once they name the service; a ConfigError says what is missing (the one check of both). */
export function coreSettingsOf(config: Readonly<RelayConfig>): CoreSettings {
  if (!config.baseUrl || !config.token)
    throw new ConfigError([
      'SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required (the CLI runs demo mode without them)',
    ]);
  return config as CoreSettings;
}
