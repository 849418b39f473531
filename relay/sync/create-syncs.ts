import { hostname } from 'node:os';
import { nanoid } from 'nanoid';
import type { RelayConfig } from '../config/relay-config.js';
import { apiValues } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { PlatformClient } from '../platforms/platform-client.js';
import { PlatformSync, type PlatformSyncOptions } from './platform-sync.js';

/**
 * A sync for each platform whose API settings are all set (none with `SHOPBEACON_SYNC_INTERVAL=0`),
 * each mapping with the catalog's settings as the webhooks do.
 */
export function createSyncs(config: RelayConfig, options: Omit<PlatformSyncOptions, 'intervalMs' | 'owner'>): PlatformSync[] {
  if (config.syncIntervalMs === 0) return [];
  const owner = `${hostname()}:${process.pid}:${nanoid(6)}`;
  return CONNECTORS.flatMap((connector) => {
    const values = apiValues(connector, config as unknown as Record<string, unknown>);
    if (!values) return [];
    const shopUrl = config.shopUrl ?? connector.shopUrl?.(values);
    const catalog = { currency: config.shopCurrency ?? '', ...(shopUrl ? { shopUrl } : {}) };
    const api = connector.openApi({ values, catalog, client: new PlatformClient({ platform: connector.label }), ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}) });
    return [new PlatformSync(connector, api, { ...options, intervalMs: config.syncIntervalMs, owner }, catalog)];
  });
}
