import type { Logger } from 'pino';
import { KINDS } from '../contract/kinds.js';
import type { DueRecord, OutboxQueue } from '../outbox/outbox.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import { unpackVisitor } from '../outbox/visitor-field.js';
import type { RecordStep } from '../pipeline/record-step.js';
import { AdaptiveConcurrency, DEFAULT_CONCURRENCY, type ConcurrencyView, type IngestReading } from './adaptive-concurrency.js';
import { callSignal } from './call-signal.js';
import { backoffDelay } from '../shared/backoff.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { classifyError, classifyStatus, type Outcome } from './classify-response.js';
import { PauseState } from './pause-state.js';
import { parseRetryAfter } from '../shared/retry-after.js';
import type { UpstreamClient } from './upstream-client.js';

export interface DeliveryWorkerOptions {
  outbox: OutboxQueue;
  client: UpstreamClient;
  logger: Logger;
  /**
   * The most calls in flight at once; the worker adapts how many it uses below this to the
   * service's latency and back-pressure (issue #16).
   * @default 512
   */
  concurrency?: number;
  /** A record still failing after this long becomes a dead letter. @default 72 hours */
  maxAgeMs?: number;
  /** Refusals in a row (no success between) that pause delivery as a likely token problem. @default 10 */
  refusalStreakLimit?: number;
  now?: () => number;
  /** What ingest did (loop share, records/s): above 0.9 of the loop delivery gives way, but keeps pace with arrivals. */
  ingestLoad?: () => IngestReading;
  /** Where each outcome is announced (delivered, retrying, dead): the debugger, metrics and visitor count listen. */
  events: RecordEvents;
}

/** What one service call came to, for the announced step. */
interface CallResult {
  status: number;
  latencyMs: number;
}

/** The most records claimed in one query. */
const CLAIM_SLICE_MAX = 512;

/** Longest wait between looks at the outbox: also how soon `shopbeacon outbox retry` from another process is seen. */
const IDLE_WAIT_MS = 5_000;

/** Drains the outbox to the service: one record per call, retries with backoff, dead letters, pause on auth. */
/** The event's visitor as step fields, from the outbox row: the visitor count and the debugger read them without parsing the body. */
function visitorLabels(packed: string | null | undefined): Pick<RecordStep, 'userId' | 'month'> {
  const visitor = unpackVisitor(packed);
  if (!visitor) return {};
  return visitor.month ? { userId: visitor.userId, month: visitor.month } : { userId: visitor.userId };
}

export class DeliveryWorker {
  private readonly inFlight = new Map<number, DueRecord>();
  /** Claimed from the outbox, not yet sent: one query serves many deliveries (issue #16). */
  private claimed: DueRecord[] = [];
  private readonly pause = new PauseState();
  private readonly circuit = new CircuitBreaker();
  private readonly adaptive: AdaptiveConcurrency;
  private readonly now: () => number;
  private refusalStreak: number[] = [];
  private blockedUntil = 0;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: () => void = () => undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.adaptive = new AdaptiveConcurrency({ max: options.concurrency ?? DEFAULT_CONCURRENCY, ...(options.ingestLoad ? { ingestLoad: options.ingestLoad } : {}) });
  }

  /** The adaptive limit on calls in flight, the latency it is judged by, and why it last moved. */
  get concurrency(): ConcurrencyView {
    return this.adaptive.view();
  }

  get paused(): boolean {
    return this.pause.paused;
  }

  /** Service calls under way now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get pauseReason(): string | undefined {
    return this.pause.reason;
  }

  /** Since when the service has not answered (the circuit is open), and why, if it has not. */
  get unreachable(): { since: number; reason: string } | undefined {
    const reason = this.circuit.describe();
    return reason && this.circuit.openSince !== undefined ? { since: this.circuit.openSince, reason } : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Tells the worker new records are due (after an enqueue), so it need not wait for its timer. */
  notify(): void {
    this.wakeUp();
  }

  /** Stops claiming records, waits up to `graceMs` for calls in flight, then abandons them (they stay queued) by ending the client's connections. */
  async stop(graceMs: number): Promise<void> {
    this.running = false;
    this.wakeUp();
    await this.loopDone;
    const deadline = this.now() + graceMs;
    while (this.inFlight.size > 0 && this.now() < deadline) await this.sleep(deadline - this.now());
    if (this.inFlight.size > 0) await this.options.client.destroy();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let wait: number;
      try {
        wait = await this.step();
      } catch (error) {
        // The outbox could not be read (Redis away, disk error): look again shortly, never give up.
        this.options.logger.warn({ err: error }, 'could not claim records from the outbox; retrying');
        wait = 1_000;
      }
      await this.sleep(wait);
    }
  }

  /** Claims what it can and returns how long to wait before looking again. */
  private async step(): Promise<number> {
    const now = this.now();
    const holdUntil = this.holdUntil();
    if (now < holdUntil) return holdUntil - now;
    const slots = this.callsAllowed() - this.inFlight.size;
    if (slots <= 0) return IDLE_WAIT_MS;
    const due = await this.claim(now, slots);
    // More was due than the limit allowed: the limiter may raise it if latency stays flat.
    if (due.length === slots) this.adaptive.saturated();
    for (const record of due) void this.deliver(record);
    if (due.length > 0) return due.length === slots ? IDLE_WAIT_MS : 0;
    const next = await this.options.outbox.nextDueAt();
    // What is due now is in flight: its completion wakes the loop.
    if (next === undefined || (next <= now && this.inFlight.size > 0)) return IDLE_WAIT_MS;
    return Math.min(IDLE_WAIT_MS, Math.max(0, next - now));
  }

  /**
   * Up to `slots` records to send now, from slices of twice the limit: a query per finished call
   * read every row in flight, a third of the worker's profile. A probe asks for one.
   */
  private async claim(now: number, slots: number): Promise<DueRecord[]> {
    if (this.claimed.length === 0) {
      const held = this.pause.paused || this.circuit.open;
      const want = held ? slots : Math.max(slots, Math.min(CLAIM_SLICE_MAX, this.adaptive.limit * 2));
      this.claimed = await this.options.outbox.due(now, want, new Set(this.inFlight.keys()));
    }
    return this.claimed.splice(0, slots);
  }

  /** Until when nothing may be sent: a `Retry-After`, a pause's or an open circuit's next probe. */
  private holdUntil(): number {
    return Math.max(this.blockedUntil, this.pause.paused ? this.pause.until : 0, this.circuit.open ? this.circuit.until : 0);
  }

  /** Calls in flight allowed now: one probe while paused or while the service is unreachable. */
  private callsAllowed(): number {
    return this.pause.paused || this.circuit.open ? 1 : this.adaptive.limit;
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async deliver(record: DueRecord): Promise<void> {
    this.inFlight.set(record.id, record);
    const startedAt = this.now();
    const started = performance.now();
    let outcome: Outcome;
    let status = 0;
    try {
      const answer = await this.options.client.post(KINDS[record.kind].path, record.body);
      status = answer.status;
      outcome = classifyStatus(answer.status, answer.body, parseRetryAfter(answer.retryAfter, this.now()));
    } catch (error) {
      outcome = classifyError(error);
    }
    const latencyMs = performance.now() - started;
    const call = { status, latencyMs: Math.round(latencyMs * 10) / 10 };
    this.adapt(outcome, status, latencyMs);
    try {
      await this.settle(record, outcome, call, startedAt);
    } catch (error) {
      this.options.logger.error({ err: error, record: record.id }, 'could not record a delivery outcome; the record stays queued');
    } finally {
      this.inFlight.delete(record.id);
      this.wakeUp();
    }
  }

  private async settle(record: DueRecord, outcome: Outcome, call: CallResult, startedAt: number): Promise<void> {
    const now = this.now();
    const publish = (entry: Omit<RecordStep, 'kind' | 'key' | 'body' | 'status' | 'latencyMs'>) =>
      this.options.events.emit({ kind: record.kind, key: record.key, body: record.body, ...visitorLabels(record.visitor), ...call, ...entry });
    this.watchReachability(outcome, call.status, now, startedAt);
    if (outcome.type === 'delivered') {
      await this.onDelivered(record);
      return publish({ state: 'delivered' });
    }
    if (outcome.type === 'refused' && !this.pause.paused) {
      const dead = await this.onRefused(record, outcome.detail, now);
      return publish(dead ? { state: 'dead', detail: outcome.detail } : { state: 'retrying', attempt: record.attempts + 1, nextAttemptAt: this.pause.until, detail: outcome.detail });
    }
    const next = outcome.type === 'retry' ? await this.onRetryable(record, outcome, now) : await this.onAuthProblem(record, outcome.detail, now);
    if (next === undefined) return publish({ state: 'dead', detail: `expired after the maximum age: ${outcome.detail}` });
    const ambiguous = outcome.type === 'retry' && outcome.ambiguous === true;
    publish({ state: 'retrying', attempt: record.attempts + 1, nextAttemptAt: next, detail: outcome.detail, ...(ambiguous ? { ambiguous } : {}) });
  }

  /** Tells the limiter what the call showed; refused connections say nothing about load (the circuit handles them). */
  private adapt(outcome: Outcome, status: number, latencyMs: number): void {
    const signal = callSignal(outcome, status);
    if (signal === undefined) return;
    this.adaptive.record(signal, latencyMs, this.now());
  }

  /** No answer, or a 5xx, is the service failing; any other answer (429 and 408 too) shows it is there. */
  private watchReachability(outcome: Outcome, status: number, now: number, startedAt: number): void {
    const down = outcome.type === 'retry' && (status === 0 || status >= 500);
    if (!down) {
      const downForMs = this.circuit.answered(now);
      if (downForMs === undefined) return;
      this.options.logger.info({ downForSeconds: Math.round(downForMs / 1000) }, 'the service answers again: delivery resumed');
      return;
    }
    if (!this.circuit.failed(outcome.detail, now, startedAt)) return;
    this.options.logger.warn({ detail: outcome.detail.slice(0, 200) }, 'the service is unreachable: delivery holds and probes with one call at a time');
  }

  private async onDelivered(record: DueRecord): Promise<void> {
    await this.options.outbox.delivered(record);
    this.refusalStreak = [];
    if (this.pause.leave()) {
      await this.options.outbox.notePause(undefined);
      this.options.logger.info('the service accepts records again: delivery resumed');
    }
  }

  /** Returns when the record is tried again. */
  private async onAuthProblem(record: DueRecord, detail: string, now: number): Promise<number> {
    await this.options.outbox.retryLater(record, now + 1, detail, false);
    await this.enterPause(`the service refused the token (${detail.slice(0, 120)})`, now);
    return Math.max(now + 1, this.pause.until);
  }

  /** Returns whether the record stays a dead letter (false: the refusal streak sent it back to the queue). */
  private async onRefused(record: DueRecord, detail: string, now: number): Promise<boolean> {
    await this.options.outbox.deadLetter([record.id], detail);
    this.options.logger.warn({ record: record.id, kind: record.kind, answer: detail }, 'the service refused a record: kept as a dead letter');
    this.refusalStreak.push(record.id);
    if (this.refusalStreak.length < (this.options.refusalStreakLimit ?? 10)) return true;
    const streak = this.refusalStreak;
    this.refusalStreak = [];
    await this.options.outbox.requeueDead(streak);
    await this.enterPause('the service refused every recent record: the token is likely wrong', now);
    return false;
  }

  /** Returns when the record is tried again, or undefined when it expired into a dead letter. */
  private async onRetryable(record: DueRecord, outcome: Extract<Outcome, { type: 'retry' }>, now: number): Promise<number | undefined> {
    const { outbox } = this.options;
    // While the service is down, a record waits in its place without spending an attempt or its age.
    if (this.circuit.open) {
      await outbox.retryLater(record, now, outcome.detail, false);
      return this.circuit.until;
    }
    if (now - record.createdAt > (this.options.maxAgeMs ?? 72 * 3600_000)) {
      await outbox.deadLetter([record.id], `expired after the maximum age: ${outcome.detail}`);
      return undefined;
    }
    if (outcome.retryAfterMs !== undefined) this.blockedUntil = Math.max(this.blockedUntil, now + outcome.retryAfterMs);
    const delay = outcome.retryAfterMs ?? backoffDelay(record.attempts);
    await outbox.retryLater(record, now + delay, outcome.detail, true);
    return now + delay;
  }

  private async enterPause(reason: string, now: number): Promise<void> {
    if (this.pause.enter(reason, now)) {
      await this.options.outbox.notePause(reason);
      this.options.logger.error({ reason }, 'delivery paused: check SHOPBEACON_TOKEN; probing the service with backoff');
    }
  }
}
