import type { FieldError } from '../contract/field-error.js';
import type { OrderChannel, OrderOrigin } from '../shared/order-channel.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import { parseTimestamp } from '../contract/timestamp.js';

/**
 * What one platform payload becomes: a service body with the errors found reading it, or a reason it
 * is not sent. A product no longer for sale (inactive, a draft, unpublished) names its id as
 * `withdrawn`: if it was sent before, the service's catalog still lists it (its API cannot remove
 * a product), and the merchant is told.
 */
export type Mapping =
  | { kind: 'order' | 'product'; body: Record<string, unknown>; errors: FieldError[]; channel?: OrderChannel }
  | { skip: string; withdrawn?: string };

/**
 * `channel` of an order's mapping: its origin and the shop's own word for it, cut short (it is the
 * shop's text, shown to the merchant). How it was paid is no part of it: a payment method says
 * nothing of whether its shopper's `Order Completed` came.
 */
export function orderChannel(madeBy: OrderOrigin, said?: string): OrderChannel {
  return { madeBy, ...(said ? { said: said.slice(0, 80) } : {}) };
}

/** A product's id as `withdrawn` names it: the digits of a safe or 64-bit id, else nothing. */
export function withdrawnId(id: unknown): string | undefined {
  const text = typeof id === 'number' || typeof id === 'bigint' || typeof id === 'string' ? String(id) : '';
  return /^\d{1,20}$/.test(text) ? text : undefined;
}

/** A product not sent because it is no longer for sale, naming its id. */
export function withdrawal(skip: string, id: unknown): Mapping {
  const withdrawn = withdrawnId(id);
  return withdrawn ? { skip, withdrawn } : { skip };
}

/** What a product needs that no platform's product payload carries. */
export interface CatalogSettings {
  /** `SHOPBEACON_SHOP_CURRENCY`: the catalog's currency (neither platform puts it in a product). */
  currency: string;
  /** `SHOPBEACON_SHOP_URL`: the storefront, for Shopify's product links (`<url>/products/<handle>`). */
  shopUrl?: string;
}

/** A JSON object's fields, or none: platform payloads are read defensively, field by field. */
export function fields(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

/**
 * A payload value as text, calling nothing of its own: JSON can carry `{"toString": 0}`, on which
 * `String()` throws (found by the fuzzer). Objects and arrays are named, not shown.
 */
export function textOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? '[array]' : '[object]';
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A platform timestamp (UTC when it names no offset, as WooCommerce's `*_gmt` fields) in epoch ms, if it is one. */
export function platformTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = parseTimestamp(value);
  return parsed.ok ? parsed.value.epochMs : undefined;
}
