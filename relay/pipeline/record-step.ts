import type { FieldError } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';
import type { OrderChannel } from '../shared/order-channel.js';

/**
 * Where a record stands: the ingest decision (`unchanged`: an order or product whose body is the
 * one last delivered for its id, not sent again), then each delivery outcome; in the order of a
 * journey, as the debugger's filter lists them.
 */
export const RECORD_STATES = [
  'accepted',
  'rejected',
  'dropped',
  'duplicate',
  'coalesced',
  'unchanged',
  'delivered',
  'retrying',
  'dead',
] as const;

export type RecordState = (typeof RECORD_STATES)[number];

/**
 * The way a record came in: the browser, the `/v1` mirror, an import file, a platform's webhook,
 * sync sweep or backfill.
 */
export type RecordSource = 'collect' | 'mirror' | 'import' | 'webhook' | 'sync' | 'backfill';

/** A way in and, for the platforms' ways, which platform (named by its connector; the pipeline knows none). */
export interface RecordOrigin {
  source: RecordSource;
  platform?: string;
}

/** The origin of a way in given by its source alone or with its platform. */
export function originOf(origin: RecordSource | RecordOrigin): RecordOrigin {
  return typeof origin === 'string' ? { source: origin } : origin;
}

/** One step of one record's life, as ingest and delivery announce it on `RecordEvents`. */
export interface RecordStep {
  state: RecordState;
  kind: RecordKind;
  /** `event_id` of an event, `order_id` / `product_id` of the others; absent when the record had none. */
  key?: string;
  userId?: string;
  /** On a delivered event: the month its visitor is counted in (`YYYY-MM`), absent when it has no `datetime`. */
  month?: string;
  eventName?: string;
  /** Set on ingest steps. */
  source?: RecordSource;
  /**
   * Set on the ingest steps of the platforms' ways in (webhook, sync, backfill): `woocommerce`,
   * `shopify`, `prestashop`.
   */
  platform?: string;
  /** On the ingest steps of a platform's orders: where the shop says the order was made. */
  channel?: OrderChannel;
  /**
   * The JSON the service gets (never a header: the token is not part of it): an object on ingest,
   * its stored text on delivery steps.
   */
  body?: unknown;
  errors?: FieldError[];
  status?: number;
  latencyMs?: number;
  attempt?: number;
  nextAttemptAt?: number;
  detail?: string;
  /**
   * A way in's own name for an outcome its state does not tell apart: a webhook delivery `dropped`
   * as `ignored` (a topic not forwarded), `skipped`, `unauthorized`, `unreadable` or `ping`.
   */
  result?: string;
  /** On `retrying`: the failure may have reached the service (a timeout, a reset), so a retry may duplicate. */
  ambiguous?: boolean;
}
