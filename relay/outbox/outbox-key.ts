import { nanoid } from 'nanoid';
import type { KindInfo } from '../contract/kinds.js';
import type { OutboxRecord } from './outbox.js';

/**
 * The outbox key of a service body: its identity for orders and products (a repeat coalesces by
 * it), a fresh id for an event that came without a client `event_id` (nothing to de-duplicate).
 */
export function outboxKey(info: KindInfo, body: Record<string, unknown>): string {
  return info.identity ? String(body[info.identity]) : `relay-${nanoid()}`;
}

/**
 * The id whose repeat within 24 hours is a duplicate: an event's own `event_id`, an order's or
 * product's delivery id (a platform's event id) when it came with one. The one rule of every outbox.
 */
export function seenIdOf(record: Pick<OutboxRecord, 'kind' | 'key' | 'dedupeId'>): string | undefined {
  return record.kind === 'event' ? record.key : record.dedupeId;
}
