import { DELIVERY_SETTINGS } from '../config/delivery-settings.js';
import { rowDefault } from '../config/setting.js';
import type { Logger } from 'pino';
import type { RecordKind } from '../contract/kinds.js';
import type { DueRecord, OutboxQueue } from '../outbox/outbox.js';
import { unpackVisitor } from '../outbox/visitor-field.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { RecordStep } from '../pipeline/record-step.js';
import { backoffDelay } from '../shared/backoff.js';
import { CircuitBreaker } from './circuit-breaker.js';
import type { Outcome } from './classify-response.js';
import { PauseState } from './pause-state.js';

/** When a record still failing becomes a dead letter unless told: `SHOPBEACON_MAX_AGE_HOURS`'s default. */
const DEFAULT_MAX_AGE_MS = rowDefault(DELIVERY_SETTINGS, 'maxAgeMs');

interface OutcomeSettlerOptions {
  outbox: OutboxQueue;
  logger: Logger;
  events: RecordEvents;
  /** A record still failing after this long becomes a dead letter. @default 72 hours */
  maxAgeMs?: number;
  /** Refusals in a row (no success between) after which the token is put to the test. @default 10 */
  refusalStreakLimit?: number;
  /** Sends a body again to its path, for the test: what the service says to it now. */
  resend?: (kind: RecordKind, body: string) => Promise<Outcome>;
  now: () => number;
}

/** What one service call came to, for the announced step. */
interface CallResult {
  status: number;
  latencyMs: number;
}

/**
 * The event's visitor as step fields, from the outbox row: the visitor count and the debugger read
 * them without parsing the body.
 */
function visitorLabels(packed: string | null | undefined): Pick<RecordStep, 'userId' | 'month'> {
  const visitor = unpackVisitor(packed);
  if (!visitor) return {};
  return visitor.month ? { userId: visitor.userId, month: visitor.month } : { userId: visitor.userId };
}

/**
 * What each call's outcome does: to its record (delivered, retried with backoff, a dead letter),
 * to delivery as a whole (paused on a token problem, held while the service is unreachable or
 * asks to wait), and the step it is announced as.
 */
export class OutcomeSettler {
  readonly pause = new PauseState();
  readonly circuit = new CircuitBreaker();
  private refusalStreak: number[] = [];
  private blockedUntil = 0;
  /**
   * The last order or product the service accepted: sending it again changes nothing there (its id
   * overwrites), so a refusal of it now proves the token, not the records, is refused.
   */
  private accepted: { kind: RecordKind; body: string } | undefined;

  constructor(private readonly options: OutcomeSettlerOptions) {}

  /** Delivery sends one probe at a time: paused, or the service unreachable. */
  get held(): boolean {
    return this.pause.paused || this.circuit.open;
  }

  /** Until when nothing may be sent: a `Retry-After`, a pause's or an open circuit's next probe. */
  holdUntil(): number {
    return Math.max(
      this.blockedUntil,
      this.pause.paused ? this.pause.until : 0,
      this.circuit.open ? this.circuit.until : 0,
    );
  }

  async settle(record: DueRecord, outcome: Outcome, call: CallResult, startedAt: number): Promise<void> {
    const now = this.options.now();
    const publish = (entry: Omit<RecordStep, 'kind' | 'key' | 'body' | 'status' | 'latencyMs'>) =>
      this.options.events.emit({
        kind: record.kind,
        key: record.key,
        body: record.body,
        ...visitorLabels(record.visitor),
        ...call,
        ...entry,
      });
    this.watchReachability(outcome, call.status, now, startedAt);
    if (outcome.type === 'delivered') {
      await this.onDelivered(record);
      return publish({ state: 'delivered' });
    }
    if (outcome.type === 'refused' && !this.pause.paused) {
      const dead = await this.onRefused(record, outcome.detail, now);
      return publish(
        dead
          ? { state: 'dead', detail: outcome.detail }
          : {
              state: 'retrying',
              attempt: record.attempts + 1,
              nextAttemptAt: this.pause.until,
              detail: outcome.detail,
            },
      );
    }
    const next =
      outcome.type === 'retry'
        ? await this.onRetryable(record, outcome, now)
        : await this.onAuthProblem(record, outcome.detail, now);
    if (next === undefined)
      return publish({ state: 'dead', detail: `expired after the maximum age: ${outcome.detail}` });
    const ambiguous = outcome.type === 'retry' && outcome.ambiguous === true;
    publish({
      state: 'retrying',
      attempt: record.attempts + 1,
      nextAttemptAt: next,
      detail: outcome.detail,
      ...(ambiguous ? { ambiguous } : {}),
    });
  }

  /** No answer, or a 5xx, is the service failing; any other answer (429 and 408 too) shows it is there. */
  private watchReachability(outcome: Outcome, status: number, now: number, startedAt: number): void {
    const down = outcome.type === 'retry' && (status === 0 || status >= 500);
    if (!down) {
      const downForMs = this.circuit.answered(now);
      if (downForMs === undefined) return;
      this.options.logger.info(
        { downForSeconds: Math.round(downForMs / 1000) },
        'the service answers again: delivery resumed',
      );
      return;
    }
    if (!this.circuit.failed(outcome.detail, now, startedAt)) return;
    this.options.logger.warn(
      { detail: outcome.detail.slice(0, 200) },
      'the service is unreachable: delivery holds and probes with one call at a time',
    );
  }

  private async onDelivered(record: DueRecord): Promise<void> {
    await this.options.outbox.delivered(record);
    if (record.kind !== 'event') this.accepted = { kind: record.kind, body: record.body };
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
    this.options.logger.warn(
      { record: record.id, kind: record.kind, answer: detail },
      'the service refused a record: kept as a dead letter',
    );
    this.refusalStreak.push(record.id);
    if (this.refusalStreak.length < (this.options.refusalStreakLimit ?? 10)) return true;
    const streak = this.refusalStreak;
    this.refusalStreak = [];
    const proof = await this.testToken();
    if (proof === undefined) {
      this.options.logger.warn(
        { refused: streak.length, lastAnswer: detail.slice(0, 200) },
        `the service refused ${streak.length} records in a row for their own reasons (a record it took before is still taken, or none was to test with): kept as dead letters, \`shopbeacon outbox dead-letters\` lists them; delivery goes on`,
      );
      return true;
    }
    await this.options.outbox.requeueDead(streak);
    await this.enterPause(
      `the service now refuses ${proof.kind === 'order' ? 'an order' : 'a product'} it accepted before (${proof.detail.slice(0, 120)}): the token was refused or revoked`,
      now,
    );
    return false;
  }

  /**
   * Sends the last accepted order or product again: its refusal (what the service took before) is
   * the token's, else undefined.
   */
  private async testToken(): Promise<{ kind: RecordKind; detail: string } | undefined> {
    const accepted = this.accepted;
    if (!accepted || !this.options.resend) return undefined;
    const outcome = await this.options.resend(accepted.kind, accepted.body).catch(() => undefined);
    if (outcome?.type !== 'refused' && outcome?.type !== 'auth') return undefined;
    return { kind: accepted.kind, detail: outcome.detail };
  }

  /** Returns when the record is tried again, or undefined when it expired into a dead letter. */
  private async onRetryable(
    record: DueRecord,
    outcome: Extract<Outcome, { type: 'retry' }>,
    now: number,
  ): Promise<number | undefined> {
    const { outbox } = this.options;
    // While the service is down, a record waits in its place without spending an attempt or its age.
    if (this.circuit.open) {
      await outbox.retryLater(record, now, outcome.detail, false);
      return this.circuit.until;
    }
    if (now - record.createdAt > (this.options.maxAgeMs ?? DEFAULT_MAX_AGE_MS)) {
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
      this.options.logger.error(
        { reason },
        `delivery paused: ${reason}; check SHOPBEACON_TOKEN; probing the service with backoff`,
      );
    }
  }
}
