import { hostname } from 'node:os';
import { nanoid } from 'nanoid';
import { apiValues, catalogSettingsFor, platformClientFor } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { PlatformSync, type PlatformSyncOptions } from './platform-sync.js';
import type { SyncSettings } from './sync-settings.js';

/**
 * A sync for each platform whose API settings are all set (none with `SHOPBEACON_SYNC_INTERVAL=0`),
 * each mapping with the catalog's settings as the webhooks do.
 */
export function createSyncs(
  settings: SyncSettings,
  options: Omit<PlatformSyncOptions, 'intervalMs' | 'owner' | 'webhooks'>,
): PlatformSync[] {
  if (settings.intervalMs === 0) return [];
  const owner = `${hostname()}:${process.pid}:${nanoid(6)}`;
  return CONNECTORS.flatMap((connector) => {
    const values = apiValues(connector, settings.platformValues);
    if (!values) return [];
    const catalog = catalogSettingsFor(connector, settings, values);
    const api = connector.openApi({
      values,
      catalog,
      client: platformClientFor(connector),
      ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
    });
    const webhooks = Boolean(connector.webhook && settings.platformValues[connector.webhook.secret]);
    return [
      new PlatformSync(connector, api, { ...options, intervalMs: settings.intervalMs, owner, webhooks }, catalog),
    ];
  });
}
