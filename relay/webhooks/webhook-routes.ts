import type Router from '@koa/router';
import type { RelayConfig } from '../config/relay-config.js';
import { apiValues, catalogSettingsFor, type CatalogSource } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { webhookRoute, type WebhookDeps } from './webhook-route.js';

/** What the webhook routes read of the settings: the catalog's, and each platform's own rows (its secret, its API). */
export type WebhookSettings = CatalogSource & Partial<Record<keyof RelayConfig, unknown>>;

/** `POST /webhooks/<platform>` for each connector with webhooks, only when its secret is set (a 404 otherwise). */
export function addWebhookRoutes(
  router: Router,
  config: WebhookSettings,
  deps: Omit<WebhookDeps, 'secret' | 'settings'>,
): void {
  for (const connector of CONNECTORS) {
    const secret = connector.webhook ? config[connector.webhook.secret] : undefined;
    if (!connector.webhook || typeof secret !== 'string' || secret === '') continue;
    const settings = catalogSettingsFor(connector, config, apiValues(connector, config));
    const shop = connector.webhook.shopOf?.(config);
    router.post(
      `/webhooks/${connector.name}`,
      webhookRoute(connector.webhook.platform, { ...deps, secret, settings, ...(shop ? { shop } : {}) }),
    );
  }
}
