import type { DELIVERY_SETTINGS } from './delivery-settings.js';
import type { DOOR_SETTINGS } from './door-settings.js';
import type { REDIS_SETTINGS } from './redis-settings.js';
import type { SettingsOf } from './setting.js';

/**
 * The relay's settings, each from an environment variable or a CLI flag (see `shopbeacon relay --help`).
 * Each field's name, type and default are its settings row's (`config/*-settings.ts`, docs/settings.md),
 * stated there once: a row without a default gives a field that may be `undefined`.
 * Each platform's connector adds its own rows' fields (`relay/platforms/<name>/<name>-config.ts`).
 */
export interface RelayConfig
  extends SettingsOf<typeof DOOR_SETTINGS>, SettingsOf<typeof REDIS_SETTINGS>, SettingsOf<typeof DELIVERY_SETTINGS> {
  /**
   * Set by `shopbeacon relay` when it runs against its embedded mock (no base URL): serves the demo
   * storefront at `/` and opens `/_debug` without a key. Never set from the environment.
   */
  demo?: boolean;
}
