import type { FieldError } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';

/** Where a record stands: the ingest decision, then each delivery outcome. */
export type RecordState = 'accepted' | 'rejected' | 'dropped' | 'duplicate' | 'coalesced' | 'delivered' | 'retrying' | 'dead';

/** The way a record came in. */
export type RecordSource = 'collect' | 'mirror' | 'import' | 'woocommerce' | 'shopify';

/** One step of one record's life, as ingest and delivery announce it on `RecordEvents`. */
export interface RecordStep {
  state: RecordState;
  kind: RecordKind;
  /** `event_id` of an event, `order_id` / `product_id` of the others; absent when the record had none. */
  key?: string;
  userId?: string;
  eventName?: string;
  /** Set on ingest steps. */
  source?: RecordSource;
  /** The JSON the service gets (never a header: the token is not part of it); text once stored. */
  body?: unknown;
  errors?: FieldError[];
  status?: number;
  latencyMs?: number;
  attempt?: number;
  nextAttemptAt?: number;
  detail?: string;
  /** On `retrying`: the failure may have reached the service (a timeout, a reset), so a retry may duplicate. */
  ambiguous?: boolean;
}
