/**
 * How an order was made, as its shop records it: on the storefront's checkout (the only orders a
 * shopper's browser can join), by staff in the back office, through the shop's API, at a till, as
 * a subscription's renewal, or otherwise (an import, a plugin, unsaid).
 */
export const ORDER_ORIGINS = [
  'storefront',
  'back office',
  'API',
  'point of sale',
  'subscription renewal',
  'other',
] as const;

export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/**
 * What a shop says of where an order was made: its origin, and the shop's own word for it
 * (`created_via admin`, `source_name pos`, `first state set by employee 1`) so a merchant can
 * check it in the shop.
 */
export interface OrderChannel {
  madeBy: OrderOrigin;
  said?: string;
}

const isOrigin = (value: unknown): value is OrderOrigin => (ORDER_ORIGINS as readonly unknown[]).includes(value);

/**
 * A channel as a relay stored it, read back: one from before origins were named (no `madeBy`, or
 * a payment method only) says nothing about the order.
 */
export function storedChannel(text: string | null): OrderChannel | undefined {
  if (!text) return undefined;
  const parsed = JSON.parse(text) as Partial<OrderChannel>;
  if (!isOrigin(parsed.madeBy)) return undefined;
  return { madeBy: parsed.madeBy, ...(typeof parsed.said === 'string' ? { said: parsed.said } : {}) };
}
