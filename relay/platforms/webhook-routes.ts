import type Router from '@koa/router';
import type { RelayConfig } from '../config/relay-config.js';
import type { Platform } from './platform.js';
import { SHOPIFY } from './shopify/shopify-platform.js';
import { WOOCOMMERCE } from './woocommerce/woocommerce-platform.js';
import { webhookRoute, type WebhookDeps } from './webhook-route.js';

/** `POST /webhooks/woocommerce` and `/webhooks/shopify`, each only when its secret is set (a 404 otherwise). */
export function addWebhookRoutes(router: Router, config: RelayConfig, deps: Omit<WebhookDeps, 'secret' | 'settings'>): void {
  const settings = { currency: config.shopCurrency ?? '', ...(config.shopUrl ? { shopUrl: config.shopUrl } : {}) };
  const platforms: [Platform, string | undefined][] = [
    [WOOCOMMERCE, config.woocommerceSecret],
    [SHOPIFY, config.shopifySecret],
  ];
  for (const [platform, secret] of platforms) {
    if (secret) router.post(`/webhooks/${platform.source}`, webhookRoute(platform, { ...deps, secret, settings }));
  }
}
