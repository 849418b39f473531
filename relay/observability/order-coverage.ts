import type { Logger } from 'pino';
import { parseTimestamp } from '../contract/timestamp.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { RecordStep } from '../pipeline/record-step.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import { completedOrderId, orderCompletedKey } from '../pipeline/order-completed-key.js';
import type { CompletionSeen, CoverageReport, OrderSeen } from './coverage-report.js';

/** What the coverage report reads: the orders and `Order Completed` events the relay took, counted as they came. */
export interface CoverageLog {
  note(orders: OrderSeen[], completions: CompletionSeen[]): void;
  /**
   * A visitor seen in a session, in the month its event is billed in: the same session under two
   * ids is one shopper billed twice.
   */
  noteSession(month: string, sessionId: string, userId: string, at: number): void;
  /** An event taken from the shop (its browsers or its server) at `at`: the shop was heard then. */
  noteHeard(at: number): void;
  /**
   * Per month, the visitors whose session went on under another id (an anonymous id, then the
   * customer's after a login): billed twice.
   */
  identifiedLater(): Record<string, number>;
  /** Per month, the sessions the month's cap left unnoted. */
  sessionsNotKept(): Record<string, number>;
  /** The coverage of the orders made since `since` (or since the log began), `platforms` reported even without orders. */
  report(since: number, platforms: readonly string[]): CoverageReport;
  close(): void;
}

/**
 * What the coverage store keeps at most each month: orders per platform, proven `Order Completed`
 * events, browsers' claims without the shop's proof (apart, so a flood of them never crowds out
 * the shop's own), sessions. Past a cap a record is only counted as not kept. 100,000 orders a
 * month is a shop of about 3,000 a day.
 */
export interface CoverageCaps {
  ordersPerPlatform: number;
  completions: number;
  claims: number;
  sessions: number;
}

export const COVERAGE_CAPS: CoverageCaps = {
  ordersPerPlatform: 100_000,
  completions: 100_000,
  claims: 100_000,
  sessions: 250_000,
};

/** How long the relay remembers orders and completions: a month's window and a little more. */
export const COVERAGE_DAYS = 35;

const ORDER_STATES = new Set(['accepted', 'unchanged', 'coalesced']);

function timeOf(value: unknown, fallback: number): number {
  const parsed = typeof value === 'string' ? parseTimestamp(value) : undefined;
  return parsed?.ok ? parsed.value.epochMs : fallback;
}

function orderOf(step: RecordStep, body: Record<string, unknown>, now: number): OrderSeen | undefined {
  if (step.kind !== 'order' || !ORDER_STATES.has(step.state) || step.key === undefined || !step.source)
    return undefined;
  const platform = step.platform ?? step.source;
  return {
    platform,
    orderId: step.key,
    createdAt: timeOf(body['date_created_gmt'], now),
    ...(step.channel ? { channel: step.channel } : {}),
  };
}

/** An `Order Completed` the bot filter dropped: the cause its order goes unjoined. */
function botCompletionOf(step: RecordStep, body: Record<string, unknown>, now: number): CompletionSeen | undefined {
  if (step.kind !== 'event' || step.state !== 'dropped' || step.detail !== 'bot') return undefined;
  const orderId = completedOrderId(body);
  if (orderId === undefined) return undefined;
  return { orderId, userId: step.userId ?? '', at: timeOf(body['datetime'], now), proven: false, bot: true };
}

function completionOf(step: RecordStep, body: Record<string, unknown>, now: number): CompletionSeen | undefined {
  if (step.kind !== 'event') return undefined;
  if (step.state !== 'accepted' || !step.userId) return botCompletionOf(step, body, now);
  const orderId = completedOrderId(body);
  if (orderId === undefined) return undefined;
  // The pipeline keyed it as its order's only when the shop spoke for it (order-completed-key.ts).
  const proven = step.key === orderCompletedKey(orderId);
  return { orderId, userId: step.userId, at: timeOf(body['datetime'], now), proven };
}

/** An accepted event's hour, and its visitor and session in the month it is billed in. */
function noteSessionOf(step: RecordStep, body: Record<string, unknown>, log: CoverageLog, now: number): void {
  if (step.kind !== 'event' || step.state !== 'accepted') return;
  const at = timeOf(body['datetime'], now);
  log.noteHeard(at);
  if (typeof body['session_id'] !== 'string' || typeof body['user_id'] !== 'string') return;
  log.noteSession(new Date(at).toISOString().slice(0, 7), body['session_id'], body['user_id'], at);
}

/**
 * Notes each order a way in took, each `Order Completed` (the shop's, a browser's claim without
 * its proof, or one dropped as a bot's) and each event's hour and session accepted, from the
 * ingest steps alone.
 */
export function noteCoverage(events: RecordEvents, log: CoverageLog, logger: Logger): () => void {
  return events.subscribe((step) => {
    if (!isPlainObject(step.body)) return;
    const now = Date.now();
    noteSessionOf(step, step.body, log, now);
    const order = orderOf(step, step.body, now);
    const completion = order ? undefined : completionOf(step, step.body, now);
    if (!order && !completion) return;
    try {
      log.note(order ? [order] : [], completion ? [completion] : []);
    } catch (error) {
      // Only a statistic: the record itself is in the outbox.
      logger.debug({ err: error }, 'coverage not noted');
    }
  });
}

/** The days `/stats` and `shopbeacon coverage` look back over unless told otherwise. */
export const COVERAGE_WINDOW_DAYS = 7;

/**
 * The coverage of the orders made since `since`, or since the relay began noting (an order made
 * before it, read again by a sweep, had its Order Completed unseen), the platforms the relay
 * connects and those its orders name counted.
 */
export function coverageSince(log: CoverageLog, since: number, connected: readonly string[] = []): CoverageReport {
  return log.report(since, connected);
}
