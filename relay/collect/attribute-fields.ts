import { DECIMAL_TEXT } from '../shared/decimal-text.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** Attributes whose text is a number the service wants as one. */
const NUMERIC_FIELDS = new Set(['price', 'quantity', 'order_value', 'position']);
/** `data-sb-list`, on a listing, names the list its products' clicks come from. */
const RENAMED: Record<string, string> = { list: 'list_id' };
/** The marks that made the element clickable: not fields. */
const MARKS = new Set(['event', 'add_to_cart']);

/** `sbProductId` (from `data-sb-product-id`) → `product_id`; `undefined` for a key not ours. */
function fieldName(key: string): string | undefined {
  if (!/^sb[A-Z]/.test(key)) return undefined;
  return key
    .slice(2)
    .replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    .slice(1)
    .replace(/-/g, '_');
}

/**
 * A value as the service wants it: `price`, `quantity`, `order_value` as numbers, a `product_id` of
 * digits as an integer; text that is no number stays text, for validation to refuse by its name.
 */
function typed(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const numeric = NUMERIC_FIELDS.has(field)
    ? DECIMAL_TEXT.test(value)
    : field === 'product_id' && /^\d{1,15}$/.test(value);
  return numeric ? Number(value) : value;
}

/**
 * The event of a click captured by the snippet (`attributes: 1`): the clicked element's `dataset`
 * as the browser had it. Keeps the `data-sb-*` attributes, named and typed as the service wants
 * them, and drops every other `data-*` of the element (this left the bundle).
 */
export function attributeFields(event: unknown): unknown {
  if (!isPlainObject(event)) return event;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    const field = fieldName(key);
    if (field !== undefined && !MARKS.has(field)) fields[RENAMED[field] ?? field] = typed(field, value);
  }
  return fields;
}
