import { writtenMonth } from '../contract/timestamp.js';

/**
 * The visitor a delivered event is counted as, carried from acceptance to delivery:
 * its `user_id`, and the month its `datetime` places it in (`YYYY-MM`, as written), or none when it
 * has no `datetime` (the service then places it when it gets it, so the count does too).
 */
export interface Visitor {
  userId: string;
  month: string | undefined;
}

/** As one text field of an outbox row or stream entry: `<month>\t<user_id>` (the month may be empty). */
export function packVisitor(visitor: Visitor | undefined): string | null {
  return visitor ? `${visitor.month ?? ''}\t${visitor.userId}` : null;
}

export function unpackVisitor(text: string | null | undefined): Visitor | undefined {
  const tab = text ? text.indexOf('\t') : -1;
  if (!text || tab < 0 || tab === text.length - 1) return undefined;
  return { userId: text.slice(tab + 1), month: tab === 0 ? undefined : text.slice(0, tab) };
}

/**
 * The visitor an event is billed as (spec: "measured by distinct `user_id` per month"; `datetime`
 * places it), read from its body: once when it is accepted, and for an entry an earlier version
 * queued without one.
 */
export function visitorOf(body: Record<string, unknown>): Visitor | undefined {
  const userId = body['user_id'];
  if (typeof userId !== 'string' || userId === '') return undefined;
  const datetime = body['datetime'];
  return { userId, month: typeof datetime === 'string' ? writtenMonth(datetime) : undefined };
}
