import type { EnqueueResult, Outbox, OutboxRecord } from '../outbox/outbox.js';
import type { EventIdRegistry } from './event-id-registry.js';

/**
 * Enqueues records whose `event_id` no relay has seen (the shared registry decides, before the
 * outbox); ids of records the outbox then refuses are given back, so the client's retry counts.
 * Without a registry the outbox de-duplicates on its own.
 */
export async function enqueueOnce(outbox: Outbox, registry: EventIdRegistry | undefined, records: OutboxRecord[]): Promise<EnqueueResult[]> {
  const events = records.filter((r) => r.kind === 'event');
  if (!registry || events.length === 0) return outbox.enqueue(records);
  const firsts = await registry.claim(events.map((r) => r.key));
  const isFirst = new Map(events.map((r, i) => [r, firsts[i] === true]));
  const fresh = records.filter((r) => isFirst.get(r) !== false);
  let stored: EnqueueResult[];
  try {
    stored = await outbox.enqueue(fresh);
  } catch (error) {
    await registry.release(fresh.filter((r) => r.kind === 'event').map((r) => r.key));
    throw error;
  }
  let next = 0;
  return records.map((r) => (isFirst.get(r) === false ? 'duplicate' : (stored[next++] ?? 'queued')));
}
