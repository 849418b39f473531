import type { RelayConfig } from './relay-config.js';
import type { SettingRow } from './setting.js';
import { DELIVERY_SETTINGS } from './delivery-settings.js';
import { DOOR_SETTINGS } from './door-settings.js';
import { REDIS_SETTINGS } from './redis-settings.js';

/** One of the relay's settings, keyed by a field of `RelayConfig`. */
export type Setting = SettingRow<keyof RelayConfig & string>;

/**
 * The relay's own settings. Each platform's (its webhook secret, its API) are in its connector's
 * folder (`relay/platforms/<name>/<name>-config.ts`); `relay-settings.ts` puts the two together.
 */
export const SETTINGS: readonly Setting[] = [...DOOR_SETTINGS, ...REDIS_SETTINGS, ...DELIVERY_SETTINGS];
