import { nanoid } from 'nanoid';
import type { KindInfo } from '../contract/kinds.js';

/**
 * The outbox key of a service body: its identity for orders and products (a repeat coalesces by
 * it), a fresh id for an event that came without a client `event_id` (nothing to de-duplicate).
 */
export function outboxKey(info: KindInfo, body: Record<string, unknown>): string {
  return info.identity ? String(body[info.identity]) : `relay-${nanoid()}`;
}
