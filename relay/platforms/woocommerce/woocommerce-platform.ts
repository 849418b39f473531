import type { Platform } from '../platform.js';
import { mapWooCommerceOrder } from './woocommerce-order.js';
import { mapWooCommerceProduct } from './woocommerce-product.js';

/**
 * WooCommerce webhooks (`X-WC-Webhook-*` headers). WooCommerce has no paid or cancelled topic: a
 * payment or a cancellation arrives as `order.updated` with the new status.
 */
export const WOOCOMMERCE: Platform = {
  source: 'woocommerce',
  label: 'WooCommerce',
  retriesDeliveries: false,
  signatureHeader: 'x-wc-webhook-signature',
  topicHeader: 'x-wc-webhook-topic',
  topics: {
    'order.created': 'order',
    'order.updated': 'order',
    'order.restored': 'order',
    'product.created': 'product',
    'product.updated': 'product',
    'product.restored': 'product',
  },
  productDeletions: ['product.deleted'],
  // WC_Webhook::deliver_ping(): a POST of `webhook_id=<id>`, unsigned, when the shop saves the webhook.
  isPing: (ctx, raw) =>
    ctx.get('x-wc-webhook-signature') === '' && raw.length < 64 && /^webhook_id=\d+$/.test(raw.toString('latin1')),
  // X-WC-Webhook-Delivery-ID hashes the webhook id and the current second: two orders saved in the
  // same second share it, so it never identifies a delivery. WooCommerce does not retry anyway.
  dedupeId: () => undefined,
  map: (kind, payload, settings) =>
    kind === 'order' ? mapWooCommerceOrder(payload) : mapWooCommerceProduct(payload, settings),
};
