import { cataloguedEvent } from '../contract/event-catalogue.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * The event of a snippet helper (`helper: 1`) as the helpers promise it: its catalogued fields
 * that hold a value, `quantity` 1 when a product event has none, nothing else. Done here, not in
 * the bundle, for its byte budget; anything but a plain object, or a name the catalogue lacks, is
 * left for validation to judge.
 */
export function helperEvent(name: unknown, event: unknown): unknown {
  const fields = cataloguedEvent(name)?.fields;
  if (!isPlainObject(event) || !fields) return event;
  const kept: Record<string, unknown> = 'quantity' in fields ? { quantity: 1 } : {};
  for (const field of Object.keys(fields)) {
    const value = event[field];
    if (value !== null && value !== undefined) kept[field] = value;
  }
  return kept;
}
