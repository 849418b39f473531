import { fieldError, joinPath, type FieldError } from './field-error.js';

/** The largest id a platform sends: a signed 64-bit integer (Shopify's ids are). */
const MAX_INT64 = 2n ** 63n - 1n;

/**
 * Integers beyond 2^53 arrive as `bigint` from the platforms' lossless parser (Shopify ids such as
 * 820982911946154508, which `JSON.parse` would round). The schema knows only JSON numbers, so it
 * checks a copy in which each such integer stands as 0 (any integer it accepts); the range is
 * checked here. The record itself keeps the exact value.
 */
export function withBigIntegersChecked(value: unknown, errors: FieldError[], path = ''): unknown {
  if (typeof value === 'bigint') {
    if (value < 0n || value > MAX_INT64)
      errors.push(fieldError(path, 'out_of_range', 'must be an integer from 0 to 2^63-1'));
    return 0;
  }
  if (Array.isArray(value)) return value.map((item, i) => withBigIntegersChecked(item, errors, joinPath(path, i)));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // An own `__proto__` key (JSON may hold one) assigned plainly would set the copy's prototype and
    // vanish from the schema's view: defined as a field, the schema refuses it as it does the original.
    Object.defineProperty(copy, key, {
      value: withBigIntegersChecked(item, errors, joinPath(path, key)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
