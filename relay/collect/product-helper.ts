import { AddedToCartSchema } from '../contract/schemas.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** The spec's product fields, from the contract: one list for the helpers and the validator. */
const PRODUCT_FIELDS = Object.keys(AddedToCartSchema.properties);

/**
 * The event of a snippet product helper (`helper: 1`) as the helpers promise it: the spec's product
 * fields that hold a value, `quantity` 1 when missing, nothing else. Done here, not in the bundle,
 * since issue #17's byte budget; anything but a plain object is left for validation to refuse.
 */
export function productHelperEvent(event: unknown): unknown {
  if (!isPlainObject(event)) return event;
  const kept: Record<string, unknown> = { quantity: 1 };
  for (const field of PRODUCT_FIELDS) {
    const value = event[field];
    if (value !== null && value !== undefined) kept[field] = value;
  }
  return kept;
}
