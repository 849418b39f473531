import type { FieldError } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';

/** Where a record stands: the ingest decision, then each delivery outcome. */
export type RecordState = 'accepted' | 'rejected' | 'dropped' | 'duplicate' | 'coalesced' | 'delivered' | 'retrying' | 'dead';

/** One step of one record, as the debugger shows it. */
export interface FeedEntry {
  /** Increases by one per entry: a reconnecting viewer asks for what came after the last it saw. */
  seq: number;
  at: number;
  state: RecordState;
  kind: RecordKind;
  /** `event_id` of an event, `order_id` / `product_id` of the others; absent when the record had none. */
  key?: string;
  userId?: string;
  eventName?: string;
  /** Where it came from: `collect` (browsers) or `mirror` (the shop's backend). */
  source?: 'collect' | 'mirror';
  /** The JSON the service gets (never a header: the token is not part of it). */
  body?: unknown;
  errors?: FieldError[];
  status?: number;
  latencyMs?: number;
  attempt?: number;
  nextAttemptAt?: number;
  detail?: string;
}

export type FeedInput = Omit<FeedEntry, 'seq' | 'at'>;
