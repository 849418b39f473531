import type { Platform } from '../platform.js';
import { mapShopifyOrder } from './shopify-order.js';
import { mapShopifyProduct } from './shopify-product.js';

/** Shopify webhooks (`X-Shopify-*` headers), REST payloads. */
export const SHOPIFY: Platform = {
  source: 'shopify',
  label: 'Shopify',
  retriesDeliveries: true,
  signatureHeader: 'x-shopify-hmac-sha256',
  topicHeader: 'x-shopify-topic',
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
  isPing: () => false,
  // Shopify may deliver one event more than once; X-Shopify-Event-Id names the event, and
  // X-Shopify-Webhook-Id, which a retry of the same delivery keeps, stands in where it is absent.
  dedupeId: (ctx) => {
    const id = ctx.get('x-shopify-event-id') || ctx.get('x-shopify-webhook-id');
    return id ? `shopify:${id}` : undefined;
  },
  map: (kind, payload, settings) => (kind === 'order' ? mapShopifyOrder(payload) : mapShopifyProduct(payload, settings)),
};
