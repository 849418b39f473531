import type { EventIdRegistry } from '../redis/event-id-registry.js';
import type { EnqueueResult, Outbox, OutboxRecord } from './outbox.js';
import { seenIdOf } from './outbox-key.js';

/** Stores records, each `event_id` once: how is the backend's business, chosen in `createOutbox`. */
export type EnqueueOnce = (records: OutboxRecord[]) => Promise<EnqueueResult[]>;

/** The outbox de-duplicates in its own commit (SQLite's window of slice tables, the Redis outbox's script). */
export function enqueueInOutbox(outbox: Pick<Outbox, 'enqueue'>): EnqueueOnce {
  return (records) => outbox.enqueue(records);
}

/**
 * Several relays with their own SQLite outboxes: an `event_id` is claimed in the shared Redis
 * first, so a beacon retried to another instance is still a duplicate. Ids of records the outbox
 * then refuses are given back, so the client's retry counts.
 */
export function claimThenEnqueue(outbox: Pick<Outbox, 'enqueue'>, registry: EventIdRegistry): EnqueueOnce {
  return async (records) => {
    const claimed = records.filter((r) => seenIdOf(r) !== undefined);
    if (claimed.length === 0) return outbox.enqueue(records);
    const firsts = await registry.claim(claimed.map((r) => seenIdOf(r) as string));
    const isFirst = new Map(claimed.map((r, i) => [r, firsts[i] === true]));
    const fresh = records.filter((r) => isFirst.get(r) !== false);
    let stored: EnqueueResult[];
    try {
      stored = await outbox.enqueue(fresh);
    } catch (error) {
      await registry.release(fresh.flatMap((r) => (isFirst.has(r) ? [seenIdOf(r) as string] : [])));
      throw error;
    }
    let next = 0;
    return records.map((r) => (isFirst.get(r) === false ? 'duplicate' : (stored[next++] ?? 'queued')));
  };
}
