import type { OutboxRecord } from '../../relay/outbox/outbox.js';

/** An event as the outbox holds it, keyed by `key` (its event_id): what the outbox's own tests enqueue. */
export const outboxEvent = (key: string, userId = 'user-1'): OutboxRecord => ({
  kind: 'event',
  key,
  body: { user_id: userId, event_name: 'X', event: {}, datetime: '2026-11-02 10:00:00+01:00' },
});

/** An order as the outbox holds it: a second body for the same `id` coalesces into the queued one. */
export const outboxOrder = (id: number, status: string): OutboxRecord => ({
  kind: 'order',
  key: String(id),
  body: { order_id: id, status },
});
