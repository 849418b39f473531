import { DELIVERY_SETTINGS } from '../config/delivery-settings.js';
import { rowDefault } from '../config/setting.js';
import type { Visitor } from './visitor-field.js';
import type { OrderChannel } from '../shared/order-channel.js';
import type { RecordKind } from '../contract/kinds.js';
import type { Awaitable } from '../shared/awaitable.js';

/** A record accepted for delivery: the exact body the service will get, and how to identify it. */
export interface OutboxRecord {
  kind: RecordKind;
  /** The JSON body as the service expects it (relay-only fields such as `event_id` already stripped). */
  body: Record<string, unknown>;
  /**
   * For events, the client's `event_id` (de-duplicated for 24 hours); for orders and products,
   * the `order_id` / `product_id` that coalesces a not-yet-sent record.
   */
  key: string;
  /**
   * For orders and products: an id whose repeat within 24 hours is a duplicate, such as a
   * platform's webhook event id (`shopify:<X-Shopify-Event-Id>`). Events use their `key`.
   */
  dedupeId?: string;
  /** For events: the visitor the service counts, for the visitor count at delivery (no body parsed again). */
  visitor?: Visitor;
  /** For a platform's orders: where the shop says it was made, announced on ingest (never stored, never sent). */
  channel?: OrderChannel;
}

/**
 * A record that could not be made valid, kept as a dead letter with the reason (a webhook payload
 * that does not map).
 */
export interface RefusedRecord {
  record: OutboxRecord;
  error: string;
}

/** What happened to each record of an `enqueue` call, in order. */
export type EnqueueResult = 'queued' | 'duplicate' | 'coalesced';

/** A record due for delivery, as the worker claims it. */
export interface DueRecord {
  id: number;
  kind: RecordKind;
  /** As given to `enqueue`: the identity of an order or product, the `event_id` of an event. */
  key: string;
  body: string;
  attempts: number;
  version: number;
  createdAt: number;
  /** An event's visitor as stored (`packVisitor`); null for orders, products and events without a `user_id`. */
  visitor?: string | null;
}

/** Events, orders and products together: `total(counts.queued)`. */
export function total(byKind: Record<RecordKind, number>): number {
  return byKind.event + byKind.order + byKind.product;
}

export interface OutboxCounts {
  queued: Record<RecordKind, number>;
  dead: Record<RecordKind, number>;
  accepted: number;
  delivered: number;
  coalesced: number;
  oldestQueuedAt: number | undefined;
  bytes: number;
}

export interface DeadLetter {
  id: number;
  kind: RecordKind;
  body: string;
  attempts: number;
  createdAt: number;
  lastError: string | null;
}

/**
 * The caps of both outboxes unless told, counting queued and dead records alike (dead letters take
 * room too): `SHOPBEACON_OUTBOX_MAX_RECORDS`' and `SHOPBEACON_OUTBOX_MAX_BYTES`' defaults.
 */
export const DEFAULT_LIMITS = {
  maxRecords: rowDefault(DELIVERY_SETTINGS, 'outboxMaxRecords'),
  maxBytes: rowDefault(DELIVERY_SETTINGS, 'outboxMaxBytes'),
} as const;

/** How long a Redis outbox's claim lasts unless told: a call lasts at most the delivery timeout, three of its default. */
export const DEFAULT_CLAIM_IDLE_MS = 3 * rowDefault(DELIVERY_SETTINGS, 'deliveryTimeoutMs');

/** How much of a failure's text a record keeps, in both outboxes. */
const MAX_ERROR_TEXT = 2000;

export function errorText(error: string): string {
  return error.slice(0, MAX_ERROR_TEXT);
}

/**
 * What ingest fills and the delivery worker drains. `enqueue` resolves only once the records are
 * committed; nothing queued is evicted to make room (a full outbox refuses instead).
 */
export interface OutboxQueue {
  enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]>;
  /** Stores records straight as dead letters, visible and re-triable like any other; resolves once committed. */
  enqueueDead(refused: RefusedRecord[]): Promise<void>;
  /** Records due at `now`, oldest due first, skipping ids in `exclude` (in flight). */
  due(now: number, limit: number, exclude: ReadonlySet<number>): Awaitable<DueRecord[]>;
  /** The earliest `next_attempt_at` of a queued record, if any. */
  nextDueAt(): Awaitable<number | undefined>;
  /** Removes a delivered record unless it was replaced meanwhile. */
  delivered(record: DueRecord): Awaitable<void>;
  retryLater(record: DueRecord, nextAttemptAt: number, error: string, countAttempt: boolean): Awaitable<void>;
  deadLetter(ids: number[], error: string): Awaitable<void>;
  /** Moves dead letters back to the queue (all when `ids` is undefined); returns how many. */
  requeueDead(ids?: number[]): Awaitable<number>;
  /** Notes why delivery is paused (undefined: running), for `shopbeacon outbox status` in another process. */
  notePause(reason: string | undefined): Awaitable<void>;
  /** Undefined: a claim never lapses (one process per SQLite file). */
  readonly lease?: ClaimLease;
}

/**
 * A claim that lapses: once it has gone `ms` without being renewed another relay may claim the same
 * record (the Streams outbox's XAUTOCLAIM) and send it. So a relay sends a claim only well within
 * its lease and renews the leases of its calls while they are out; a relay that cannot renew for a
 * whole lease (its process stalled, Redis did not answer) may have its record sent by another too.
 */
export interface ClaimLease {
  readonly ms: number;
  /** Gives unsent claims back for any relay to take now: no attempt counted, no error written, one round trip. */
  handBack(records: DueRecord[], now: number): Promise<void>;
  /**
   * Starts the leases of claims again if this relay still holds them, one round trip for all;
   * returns those it no longer holds (another relay claimed them, and may send them too).
   */
  renew(records: DueRecord[]): Promise<DueRecord[]>;
  /**
   * How long its lease has run, by this process's clock, since it was claimed or last renewed:
   * another relay may have claimed it from `ms` on (Infinity once Redis said it has).
   */
  heldFor(record: DueRecord): number;
}

/** Dead-letter administration: the debugger's retry button and `shopbeacon outbox`. */
export interface DeadLetterAdmin {
  deadLetters(options: { kind?: RecordKind; limit: number }): Awaitable<DeadLetter[]>;
  requeueDead(ids?: number[]): Awaitable<number>;
  purgeDead(before: number): Awaitable<number>;
}

/** Counts and health: `/stats`, `/metrics`, `/readyz`, the debugger, `shopbeacon outbox status`. */
export interface OutboxStatus {
  counts(): Awaitable<OutboxCounts>;
  pauseNote(): Awaitable<string | undefined>;
  /** Which cap the outbox has reached (new records are refused until delivery makes room), if any. */
  fullness(): Awaitable<string | undefined>;
  /**
   * Why a write fails now (for `/readyz`), naming what to fix (a full disk); undefined when one
   * succeeds, which also clears a remembered write failure.
   */
  writeProblem(): Awaitable<string | undefined>;
}

/** The durable queue between ingest and delivery, as its owner (`createOutbox`) holds it. */
export interface Outbox extends OutboxQueue, DeadLetterAdmin, OutboxStatus {
  close(): Awaitable<void>;
}
