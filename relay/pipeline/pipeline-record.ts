/**
 * What a way in hands to the pipeline, named by the pipeline: ways in import this and
 * nothing of outbox/, so how records are stored can change behind `accept` alone. The shapes are
 * the outbox's own (it stores exactly what the pipeline accepted); only the names live here.
 */
export type {
  OutboxRecord as PipelineRecord,
  OutboxCounts as QueueCounts,
  OutboxStatus as QueueStatus,
} from '../outbox/outbox.js';
/** A record's key: an order's or product's identity, or a fresh id for an event without an `event_id`. */
export { outboxKey as recordKey } from '../outbox/outbox-key.js';
/** How many records a count of each kind makes. */
export { total as countAll } from '../outbox/outbox.js';
