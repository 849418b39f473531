import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * The de-duplication key of a tracking event: an `Order Completed` that names its order is that
 * order's, whoever sends it and however often (a thank-you page reloaded, Shopify's second
 * `checkout_completed`, the plugin's and a snippet's call for the same order), so the service
 * hears of each order once; any other event keeps the id its source gave it.
 */
export function trackingEventKey(body: Record<string, unknown>, ownKey: string): string {
  const orderId = completedOrderId(body);
  return orderId === undefined ? ownKey : `order-completed-${orderId}`;
}

/** The digits of the order an `Order Completed` names, if it is one and names one. */
export function completedOrderId(body: Record<string, unknown>): string | undefined {
  if (body['event_name'] !== 'Order Completed' || !isPlainObject(body['event'])) return undefined;
  const orderId = body['event']['order_id'];
  const digits =
    typeof orderId === 'number' && Number.isSafeInteger(orderId)
      ? String(orderId)
      : typeof orderId === 'bigint' || typeof orderId === 'string'
        ? String(orderId)
        : '';
  return /^\d{1,20}$/.test(digits) ? digits : undefined;
}
