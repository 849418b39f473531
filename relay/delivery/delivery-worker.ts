import type { RelayConfig } from '../config/relay-config.js';
import type { RecordKind } from '../contract/kinds.js';
import type { Logger } from 'pino';
import { KINDS } from '../contract/kinds.js';
import type { DueRecord, OutboxQueue } from '../outbox/outbox.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import {
  AdaptiveConcurrency,
  DEFAULT_CONCURRENCY,
  type ConcurrencyView,
  type IngestReading,
} from './adaptive-concurrency.js';
import { callSignal, classifyError, classifyStatus, type Outcome } from './classify-response.js';
import { OutcomeSettler } from './outcome-settler.js';
import { parseRetryAfter } from '../shared/retry-after.js';
import type { Upstream } from './upstream-client.js';

/**
 * What the worker works with, and its settings rows by their own names (`deliveryConcurrency`: the
 * most calls in flight, below which it adapts to the service's latency and back-pressure;
 * `maxAgeMs`: when a record still failing becomes a dead letter), so the relay's settings are
 * passed as they are.
 */
interface DeliveryWorkerOptions extends Partial<Pick<RelayConfig, 'deliveryConcurrency' | 'maxAgeMs'>> {
  outbox: OutboxQueue;
  client: Upstream;
  logger: Logger;
  /** Refusals in a row (no success between) that pause delivery as a likely token problem. @default 10 */
  refusalStreakLimit?: number;
  now?: () => number;
  /**
   * What ingest did (loop share, records/s): above 0.9 of the loop delivery gives way, but keeps
   * pace with arrivals.
   */
  ingestLoad?: () => IngestReading;
  /** Where each outcome is announced (delivered, retrying, dead): the debugger, metrics and visitor count listen. */
  events: RecordEvents;
}

/** The most records claimed in one query. */
const CLAIM_SLICE_MAX = 512;

/** Longest wait between looks at the outbox: also how soon `shopbeacon outbox retry` from another process is seen. */
const IDLE_WAIT_MS = 5_000;

/**
 * Drains the outbox to the service: claims due records in slices, one call per record, as many in
 * flight as the adaptive limit allows; what each outcome does is the settler's.
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<number, DueRecord>();
  /** Claimed from the outbox, not yet sent: one query serves many deliveries. */
  private claimed: DueRecord[] = [];
  /** When `claimed` was claimed: past half the outbox's lease it is handed back, not sent. */
  private claimedAt = 0;
  private readonly settler: OutcomeSettler;
  private readonly adaptive: AdaptiveConcurrency;
  private readonly now: () => number;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: () => void = () => undefined;
  /** Renews the outbox's leases of the calls in flight (`keepLeases`). */
  private leaseTimer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.adaptive = new AdaptiveConcurrency({
      max: options.deliveryConcurrency ?? DEFAULT_CONCURRENCY,
      ...(options.ingestLoad ? { ingestLoad: options.ingestLoad } : {}),
    });
    const { outbox, logger, events, maxAgeMs, refusalStreakLimit } = options;
    this.settler = new OutcomeSettler({
      outbox,
      logger,
      events,
      now: this.now,
      resend: (kind, body) => this.call(kind, body).then((answer) => answer.outcome),
      ...(maxAgeMs === undefined ? {} : { maxAgeMs }),
      ...(refusalStreakLimit === undefined ? {} : { refusalStreakLimit }),
    });
  }

  /** The adaptive limit on calls in flight, the latency it is judged by, and why it last moved. */
  get concurrency(): ConcurrencyView {
    return this.adaptive.view();
  }

  get paused(): boolean {
    return this.settler.pause.paused;
  }

  /** Service calls under way now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get pauseReason(): string | undefined {
    return this.settler.pause.reason;
  }

  /** Since when the service has not answered (the circuit is open), and why, if it has not. */
  get unreachable(): { since: number; reason: string } | undefined {
    const { circuit } = this.settler;
    const reason = circuit.describe();
    return reason && circuit.openSince !== undefined ? { since: circuit.openSince, reason } : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.keepLeases();
    this.loopDone = this.loop();
  }

  /** Tells the worker new records are due (after an enqueue), so it need not wait for its timer. */
  notify(): void {
    this.wakeUp();
  }

  /**
   * Stops claiming records, waits up to `graceMs` for calls in flight, then abandons them (they
   * stay queued) by ending the client's connections.
   */
  async stop(graceMs: number): Promise<void> {
    this.running = false;
    this.wakeUp();
    await this.loopDone;
    const deadline = this.now() + graceMs;
    while (this.inFlight.size > 0 && this.now() < deadline) await this.sleep(deadline - this.now());
    if (this.inFlight.size > 0) await this.options.client.destroy();
    clearInterval(this.leaseTimer);
    this.leaseTimer = undefined;
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
    await this.handBackLapsing(now);
    const holdUntil = this.settler.holdUntil();
    if (now < holdUntil) return holdUntil - now;
    const slots = this.callsAllowed() - this.inFlight.size;
    if (slots <= 0) return IDLE_WAIT_MS;
    const due = await this.claim(now, slots);
    // More was due than the limit allowed: the limiter may raise it if latency stays flat.
    if (due.length === slots) this.adaptive.saturated();
    await this.send(due, now);
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
      const want = this.settler.held ? slots : Math.max(slots, Math.min(CLAIM_SLICE_MAX, this.adaptive.limit * 2));
      this.claimed = await this.options.outbox.due(now, want, new Set(this.inFlight.keys()));
      this.claimedAt = now;
    }
    return this.claimed.splice(0, slots);
  }

  /**
   * Unsent claims that would outlive the outbox's lease (delivery held by an outage, a pause or
   * a Retry-After, or a limit cut below the slice) go back to the queue unattempted: sent after the lease ends,
   * another relay that took the record over meanwhile would send it too (the compose
   * deployment's test caught one duplicate so). Half the lease leaves the call's own time inside it.
   */
  private async handBackLapsing(now: number): Promise<void> {
    const lease = this.options.outbox.lease;
    if (lease === undefined || this.claimed.length === 0) return;
    // Any hold counts, a Retry-After's too: the loop sleeps through it, maybe past the lease.
    const holding = this.settler.held || now < this.settler.holdUntil();
    if (!holding && now - this.claimedAt < lease.ms / 2) return;
    const lapsing = this.claimed;
    this.claimed = [];
    await lease.handBack(lapsing, now);
  }

  /**
   * The claims' leases, of calls out and of claims not yet sent, are renewed a third of a lease
   * apart: a call waiting for a connection, a slow service or a busy loop does not outlast its
   * lease, after which another relay would claim the record and send it too. Only renewals two
   * thirds of a lease late (the process stalled, Redis did not answer) let a lease run out.
   */
  private keepLeases(): void {
    const lease = this.options.outbox.lease;
    if (lease === undefined || this.leaseTimer !== undefined) return;
    this.leaseTimer = setInterval(() => {
      const held = [...this.inFlight.values(), ...this.claimed];
      if (this.renewing || held.length === 0) return;
      this.renewing = true;
      void this.renew(held).finally(() => (this.renewing = false));
    }, lease.ms / 3);
    this.leaseTimer.unref();
  }

  /** Renews the claims' leases; logs those whose calls are out, which another relay may send too. */
  private async renew(records: DueRecord[]): Promise<void> {
    try {
      const lost = ((await this.options.outbox.lease?.renew(records)) ?? []).filter((r) => this.inFlight.has(r.id));
      if (lost.length > 0)
        this.options.logger.warn(
          { lost: lost.map((record) => record.key) },
          'the lease of records whose calls were out ran out before it was renewed (this process stalled, or Redis did not answer): another relay claimed them and may send them too',
        );
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not renew the leases of calls in flight; retrying');
    }
  }

  /**
   * Starts a call for each claim with half its lease left at least, so the call starts well within
   * it. The others (the loop stalled since their last renewal, or another relay took them over) go
   * back unsent; the outbox leaves them to whoever holds them now.
   */
  private async send(due: DueRecord[], now: number): Promise<void> {
    const lease = this.options.outbox.lease;
    const lapsing = lease ? due.filter((record) => lease.heldFor(record) >= lease.ms / 2) : [];
    for (const record of due) if (!lapsing.includes(record)) void this.deliver(record);
    if (lapsing.length > 0) await lease?.handBack(lapsing, now);
  }

  /** Calls in flight allowed now: one probe while paused or while the service is unreachable. */
  private callsAllowed(): number {
    return this.settler.held ? 1 : this.adaptive.limit;
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

  /** One call to the service, as its outcome. */
  private async call(kind: RecordKind, body: string): Promise<{ outcome: Outcome; status: number }> {
    try {
      const answer = await this.options.client.post(KINDS[kind].path, body);
      return {
        outcome: classifyStatus(answer.status, answer.body, parseRetryAfter(answer.retryAfter, this.now())),
        status: answer.status,
      };
    } catch (error) {
      return { outcome: classifyError(error), status: 0 };
    }
  }

  private async deliver(record: DueRecord): Promise<void> {
    this.inFlight.set(record.id, record);
    const startedAt = this.now();
    const started = performance.now();
    const { outcome, status } = await this.call(record.kind, record.body);
    const latencyMs = performance.now() - started;
    // Its renewals were late (the loop stalled): whether it still holds the claim, before settling it.
    const lease = this.options.outbox.lease;
    if (lease && lease.heldFor(record) >= lease.ms) await this.renew([record]);
    const call = { status, latencyMs: Math.round(latencyMs * 10) / 10 };
    this.adapt(outcome, status, latencyMs);
    try {
      await this.settler.settle(record, outcome, call, startedAt);
    } catch (error) {
      this.options.logger.error(
        { err: error, record: record.id },
        'could not record a delivery outcome; the record stays queued',
      );
    } finally {
      this.inFlight.delete(record.id);
      this.wakeUp();
    }
  }

  /** Tells the limiter what the call showed; refused connections say nothing about load (the circuit handles them). */
  private adapt(outcome: Outcome, status: number, latencyMs: number): void {
    const signal = callSignal(outcome, status);
    if (signal === undefined) return;
    this.adaptive.record(signal, latencyMs, this.now());
  }
}
