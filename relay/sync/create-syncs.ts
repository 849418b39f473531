import { hostname } from 'node:os';
import { nanoid } from 'nanoid';
import { apiValues, catalogSettingsFor, platformClientFor } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { PlatformSync, type PlatformSyncOptions } from './platform-sync.js';
import type { RelayConfig } from '../config/relay-config.js';

/**
 * What the syncs read of the relay's settings, by the rows' own names: the interval (0: no sync),
 * the catalog's currency and storefront, where the platforms reach this relay (Shopify's webhooks
 * are made again only with it), and each connector's own rows (API keys, URLs, webhook secrets).
 */
export type SyncSettings = Pick<RelayConfig, 'syncIntervalMs' | 'shopCurrency' | 'shopUrl' | 'publicUrl'> &
  Partial<Record<keyof RelayConfig, unknown>>;

/**
 * A sync for each platform whose API settings are all set (none with `SHOPBEACON_SYNC_INTERVAL=0`),
 * each mapping with the catalog's settings as the webhooks do.
 */
export function createSyncs(
  settings: SyncSettings,
  options: Omit<PlatformSyncOptions, 'intervalMs' | 'owner' | 'webhooks'>,
): PlatformSync[] {
  if (settings.syncIntervalMs === 0) return [];
  const owner = `${hostname()}:${process.pid}:${nanoid(6)}`;
  return CONNECTORS.flatMap((connector) => {
    const values = apiValues(connector, settings);
    if (!values) return [];
    const catalog = catalogSettingsFor(connector, settings, values);
    const api = connector.openApi({
      values,
      catalog,
      client: platformClientFor(connector),
      ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
    });
    const webhooks = Boolean(connector.webhook && settings[connector.webhook.secret]);
    return [
      new PlatformSync(connector, api, { ...options, intervalMs: settings.syncIntervalMs, owner, webhooks }, catalog),
    ];
  });
}
