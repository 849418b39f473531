import type { KeyValueStore } from '../types.js';
import { ORIGIN, type Origin } from './event-origin.js';

/**
 * Purchases whose `checkout_completed` named no order, in the top frame's storage by checkout
 * token: the catalogue refuses an `Order Completed` without `order_id`, and the relay's orders
 * (webhooks and sync, `order_id` only) could not join one keyed by the token. Shopify names the
 * order in a later `checkout_completed` of the same checkout ("available on the Order status and
 * checkout pages"): the purchase is then sent with it, at the time it was made.
 */
export const HELD_KEY = '_sb_held_orders';
const MAX_HELD = 5;
/** The retry queue keeps an event 24 hours from its time: a purchase held longer could not be sent. */
const MAX_AGE_MS = 24 * 3_600_000;

type Held = Record<string, Origin>;

export function createHeldPurchases(store: KeyValueStore) {
  const read = (): Held => {
    try {
      const held = JSON.parse(store.get(HELD_KEY) || '{}') as Held;
      return Object.fromEntries(Object.entries(held).filter(([, o]) => Date.now() - (o.captured_at ?? 0) < MAX_AGE_MS));
    } catch {
      return {};
    }
  };
  return {
    /** Holds the purchase of `token` (its first time and id kept). */
    hold(token: string, fields: Record<string, unknown>): void {
      const held = read();
      const origin = (fields as { [ORIGIN]?: Origin })[ORIGIN] ?? {};
      held[token] ??= { ...origin, captured_at: origin.captured_at ?? Date.now() };
      store.set(HELD_KEY, JSON.stringify(Object.fromEntries(Object.entries(held).slice(-MAX_HELD))));
    },
    /** The held purchase's origin for `token`, forgotten: its order is known now. */
    release(token: string): Origin | undefined {
      const { [token]: origin, ...rest } = read();
      if (origin) store.set(HELD_KEY, JSON.stringify(rest));
      return origin;
    },
  };
}
