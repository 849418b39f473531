import { hostname } from 'node:os';
import { nanoid } from 'nanoid';
import type { RelayConfig } from '../config/relay-config.js';
import { apiValues, platformClientFor } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { PlatformSync, type PlatformSyncOptions } from './platform-sync.js';

/**
 * A sync for each platform whose API settings are all set (none with `SHOPBEACON_SYNC_INTERVAL=0`),
 * each mapping with the catalog's settings as the webhooks do.
 */
export function createSyncs(config: RelayConfig, options: Omit<PlatformSyncOptions, 'intervalMs' | 'owner' | 'webhooks'>): PlatformSync[] {
  if (config.syncIntervalMs === 0) return [];
  const owner = `${hostname()}:${process.pid}:${nanoid(6)}`;
  return CONNECTORS.flatMap((connector) => {
    const values = apiValues(connector, config);
    if (!values) return [];
    const shopUrl = config.shopUrl ?? connector.shopUrl?.(values);
    const catalog = { currency: config.shopCurrency ?? '', ...(shopUrl ? { shopUrl } : {}) };
    const api = connector.openApi({ values, catalog, client: platformClientFor(connector), ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}) });
    const webhooks = Boolean(connector.webhook && config[connector.webhook.secret]);
    return [new PlatformSync(connector, api, { ...options, intervalMs: config.syncIntervalMs, owner, webhooks }, catalog)];
  });
}
