import type Router from '@koa/router';
import type { RelayConfig } from '../config/relay-config.js';
import { apiValues } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { webhookRoute, type WebhookDeps } from './webhook-route.js';

/** `POST /webhooks/<platform>` for each connector with webhooks, only when its secret is set (a 404 otherwise). */
export function addWebhookRoutes(router: Router, config: RelayConfig, deps: Omit<WebhookDeps, 'secret' | 'settings'>): void {
  for (const connector of CONNECTORS) {
    const secret = connector.webhook ? config[connector.webhook.secret] : undefined;
    if (!connector.webhook || typeof secret !== 'string' || secret === '') continue;
    const values = apiValues(connector, config);
    const shopUrl = config.shopUrl ?? (values ? connector.shopUrl?.(values) : undefined);
    const settings = { currency: config.shopCurrency ?? '', ...(shopUrl ? { shopUrl } : {}) };
    router.post(`/webhooks/${connector.name}`, webhookRoute(connector.webhook.platform, { ...deps, secret, settings }));
  }
}
