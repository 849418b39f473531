import type { RelayConfig } from '../config/relay-config.js';
import { CONNECTORS } from '../platforms/connectors.js';

/** The platforms' own rows of the relay's settings, by key (`<name>-config.ts`): API keys, URLs, webhook secrets. */
export type PlatformValues = Partial<Record<keyof RelayConfig, unknown>>;

/** What the syncs read of the relay's settings (a slice, not the whole config). */
export interface SyncSettings {
  /** 0: no sync. */
  intervalMs: number;
  /** The catalog's settings the API maps products with, when set. */
  shopCurrency: string | undefined;
  shopUrl: string | undefined;
  /** Where the platforms reach this relay (Shopify's webhooks are made again only with it). */
  publicUrl: string | undefined;
  platformValues: PlatformValues;
}

export function syncSettingsOf(config: RelayConfig): SyncSettings {
  const keys = CONNECTORS.flatMap((connector) => connector.settings.map((setting) => setting.key));
  return {
    intervalMs: config.syncIntervalMs,
    shopCurrency: config.shopCurrency,
    shopUrl: config.shopUrl,
    publicUrl: config.publicUrl,
    platformValues: Object.fromEntries(keys.map((key) => [key, config[key]])),
  };
}
