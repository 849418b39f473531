import { EVENT_CATALOGUE, cataloguedEvent } from '../contract/event-catalogue.js';
import { fieldError, type FieldError } from '../contract/field-error.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** The helpers' names, as a refusal lists them. */
const HELPERS = Object.values(EVENT_CATALOGUE)
  .flatMap(({ helper }) => (helper ? [helper] : []))
  .join(', ');

/**
 * What is wrong with a helper's event name once the catalogue has named it: the snippet sends any
 * command it does not know as a helper's, so the catalogue alone decides which exist, and a name
 * it lacks (a misspelt helper, one not catalogued yet) is refused here, not sent on as it came.
 */
export function helperNameErrors(name: unknown): FieldError[] {
  if (cataloguedEvent(name)) return [];
  return [
    fieldError(
      'event_name',
      'invalid',
      `is no helper of the event catalogue (${HELPERS}): an event of the shop's own is sent with track`,
    ),
  ];
}

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
