import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * Who speaks for an order's `Order Completed`: the shop (its own server on the mirror, with the
 * admin or ingest key, or a browser holding the shop's proof for that order), or a browser
 * claiming it without that proof.
 */
export type OrderVoice = 'shop' | 'unproven browser';

/** The key of the `Order Completed` the shop speaks for: one per order, whoever of the shop's ways sends it. */
export const orderCompletedKey = (orderId: string): string => `order-completed-${orderId}`;

/**
 * The de-duplication key of a tracking event. The `Order Completed` the shop speaks for is that
 * order's, however often it comes (a thank-you page reloaded, the plugin's and a proven snippet's
 * call for the same order), so the service hears of each order once from the shop.
 *
 * A browser's claim without the shop's proof is still accepted and delivered, once per order and
 * visitor (Shopify's second `checkout_completed`, a reload), as that visitor's own event, but it
 * never takes the order's key: order ids are sequential, and whoever came first would otherwise
 * hold off the shop's own event for the duplicate window. It is delivered rather than held
 * because nothing could ever release a held claim on the shops whose only `Order Completed` is the
 * browser's (Shopify's pixel, a snippet's `purchase`), and a held store is what a flood fills; a
 * claim speaks only for the claimant's own visitor, and coverage never counts it as a join.
 * Any other event keeps the id its source gave it.
 */
export function trackingEventKey(body: Record<string, unknown>, ownKey: string, voice: OrderVoice): string {
  const orderId = completedOrderId(body);
  if (orderId === undefined) return ownKey;
  return voice === 'shop' ? orderCompletedKey(orderId) : `order-claim-${orderId}-${String(body['user_id'])}`;
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
