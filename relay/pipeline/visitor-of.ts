import { writtenMonth } from '../contract/timestamp.js';
import type { Visitor } from '../outbox/visitor-field.js';

/**
 * The visitor an accepted event is billed as (spec: "measured by distinct `user_id` per month";
 * `datetime` places it), read once from the validated body and carried to delivery with the record.
 */
export function visitorOf(body: Record<string, unknown>): Visitor | undefined {
  const userId = body['user_id'];
  if (typeof userId !== 'string' || userId === '') return undefined;
  const datetime = body['datetime'];
  return { userId, month: typeof datetime === 'string' ? writtenMonth(datetime) : undefined };
}
