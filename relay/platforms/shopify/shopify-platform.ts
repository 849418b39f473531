import type { Platform } from '../platform.js';
import { shopifySecrets } from './shopify-config.js';
import { mapShopifyOrder } from './shopify-order.js';
import { mapShopifyProduct } from './shopify-product.js';

/** Shopify webhooks (`X-Shopify-*` headers), REST payloads. */
export const SHOPIFY: Platform = {
  source: 'shopify',
  label: 'Shopify',
  retriesDeliveries: true,
  signatureHeader: 'x-shopify-hmac-sha256',
  topicHeader: 'x-shopify-topic',
  shopHeader: 'x-shopify-shop-domain',
  topics: {
    'orders/create': 'order',
    'orders/updated': 'order',
    'orders/paid': 'order',
    'orders/cancelled': 'order',
    'orders/fulfilled': 'order',
    'orders/partially_fulfilled': 'order',
    'products/create': 'product',
    'products/update': 'product',
  },
  productDeletions: ['products/delete'],
  accessEnded: {
    'app/uninstalled':
      'the app was uninstalled from the store: its token no longer works, so the sync and the webhooks stop. Install the app again, then run `shopbeacon connect shopify`',
  },
  isPing: () => false,
  // Shopify's "Verify webhook deliveries": a delivery sent again keeps its X-Shopify-Webhook-Id.
  // X-Shopify-Event-Id is shared by every topic one merchant action triggers (orders/create and
  // orders/paid of one checkout), so alone it would drop the second: it counts only with the topic.
  dedupeId: (ctx) => {
    const delivery = ctx.get('x-shopify-webhook-id');
    if (delivery) return `shopify:${delivery}`;
    const event = ctx.get('x-shopify-event-id');
    return event ? `shopify:${ctx.get('x-shopify-topic')}:${event}` : undefined;
  },
  // The app's client secret signs the app's webhooks; the store's secret signs those made in its
  // admin: both verify while a shop moves from one to the other.
  signingSecrets: shopifySecrets,
  map: (kind, payload, settings) =>
    kind === 'order' ? mapShopifyOrder(payload) : mapShopifyProduct(payload, settings),
};
