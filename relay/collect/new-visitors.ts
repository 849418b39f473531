import type { FieldError } from '../contract/field-error.js';
import { clientAddress } from '../http/client-address.js';
import type { NewVisitorRise, RiseReport } from './new-visitor-rise.js';
import {
  addressBudgets,
  addressRefusal,
  ceilingBudgets,
  ceilingRefusal,
  monthEnd,
  monthOf,
  previousMonth,
  type Budget,
  type VisitorLimits,
} from './visitor-budgets.js';
import type { CeilingReport, VisitorCeiling } from './visitor-ceiling.js';
import type { VisitorLedger } from './visitor-ledger.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A month's entries are kept through the next month, whose returning visitors they name, and a browser's 48 hours more. */
const KEPT_AFTER_MONTH_MS = 34 * DAY_MS;
/** Visitors this relay knows billed in their month, at most: a flood of made-up ones forgets the oldest first. */
const KNOWN = 100_000;

/** What became of the visitors not yet billed in their month that ways in brought, this clock hour and the last. */
export interface NewVisitorCounts {
  hour: string;
  taken: number;
  /** Visitors named beyond those a batch may bring: their events refused. */
  refusedInBatch: number;
  /** Over a client address's budget: answered 429, taken later. */
  refusedForAddress: number;
  /** Past the shop's ceiling: their events refused, not billed. */
  refusedByCeiling: number;
}

export type NewVisitorResult = 'taken' | 'refused_in_batch' | 'refused_for_address' | 'refused_by_ceiling';

/** A visitor as the events a way in brings name it. */
export interface ArrivingVisitor {
  userId: string;
  /** The month its events are billed in; none: the month they reach the service in, now. */
  month: string | undefined;
  /** Why its events would be billed in a month already settled: refused unless billed there already. */
  settled: readonly FieldError[];
}

export type VisitorVerdict = { ok: true } | { ok: false; errors: FieldError[] };

export interface NewVisitorsOptions {
  ledger: VisitorLedger;
  limits: VisitorLimits;
  /** The relay's trusted time (`shared/service-clock.ts`). */
  now: () => number;
  rise?: NewVisitorRise;
  ceiling?: VisitorCeiling;
  /** Told of each count, with the client (the network of the budget that refused). */
  onCount?: (result: NewVisitorResult, n: number, client?: string) => void;
}

const OK: VisitorVerdict = { ok: true };
const hourOf = (now: number) => new Date(now).toISOString().slice(0, 13);
const emptyCounts = (hour: string): NewVisitorCounts => ({
  hour,
  taken: 0,
  refusedInBatch: 0,
  refusedForAddress: 0,
  refusedByCeiling: 0,
});

/**
 * The public door's one rule: a visitor not yet billed in the month its events are billed in
 * costs the budgets of the address that brings it (`visitor-budgets.ts`), whether it is new,
 * returning or carries a cookie the relay set, and the shop's ceiling; a visitor billed in that
 * month already costs nothing. Over an address's budget a batch is answered 429 with
 * `Retry-After` (a real browser's queue sends it later, nothing is lost); past the ceiling the
 * visitor's events are refused. The ledger keeps who was billed and every count, so neither a new
 * month, a restart nor a replayed cookie hands out a budget again. The door judges by a time that
 * never runs back (the latest it judged by, kept in the ledger): a clock stepped back, before or
 * across a restart, reopens no window already spent.
 */
export class NewVisitors {
  private latest: number | undefined;
  private readonly known = new Set<string>();
  private current: NewVisitorCounts;
  private previous: NewVisitorCounts | undefined;

  constructor(private readonly options: NewVisitorsOptions) {
    this.current = emptyCounts('');
  }

  /**
   * The verdict on `visitor`'s events, brought by the client `ip` (none: the shop's own server,
   * which only the ceiling bounds). Over the address's budget: throws the 429.
   */
  async admit(ip: string | undefined, visitor: ArrivingVisitor): Promise<VisitorVerdict> {
    const now = await this.doorTime();
    const month = visitor.month ?? monthOf(now);
    const known = `${month}\t${visitor.userId}`;
    if (this.known.has(known)) return OK;
    if (visitor.settled.length > 0)
      return (await this.options.ledger.billed(month, visitor.userId))
        ? this.remember(known)
        : { ok: false, errors: [...visitor.settled] };
    const verdict = await this.charge(ip, visitor.userId, month, now);
    return verdict.ok ? this.remember(known) : verdict;
  }

  /** A visitor not known billed in `month`: billed after all, or charged to every budget, or refused. */
  private async charge(ip: string | undefined, userId: string, month: string, now: number): Promise<VisitorVerdict> {
    const { ledger, limits } = this.options;
    const client = ip === undefined ? undefined : clientAddress(ip);
    const budgets = [
      ...(ip === undefined ? [] : addressBudgets(ip, now, limits)),
      ...ceilingBudgets(month, now, limits),
    ];
    const keepUntil = monthEnd(month) + KEPT_AFTER_MONTH_MS;
    const admission = await ledger.admit({ userId, month, previous: previousMonth(month), keepUntil }, budgets, now);
    if (admission.status === 'refused')
      return this.refused(
        admission.full.map((i) => budgets[i] as Budget),
        now,
      );
    if (admission.status === 'billed') return OK;
    this.count('taken', 1, client);
    this.options.ceiling?.admitted(budgets, admission.counts);
    // The alarm's count is a statistic: its store away must not refuse a visitor already taken.
    if (!admission.returning && client !== undefined)
      await this.options.rise?.taken(client, now).catch(() => undefined);
    return OK;
  }

  /** Counts the visitors a batch named beyond those it may bring (their events are refused). */
  refusedInBatch(visitors: number): void {
    this.count('refused_in_batch', visitors);
  }

  /** This hour's and the last's, the budgets, the rise and the ceilings, for `/stats`. */
  async report(): Promise<{
    thisHour: NewVisitorCounts;
    lastHour: NewVisitorCounts | null;
    perHourPerAddress: number;
    perDayPerAddress: number;
    rise: RiseReport | null;
    ceiling: CeilingReport | null;
  }> {
    const now = await this.doorTime();
    return {
      thisHour: { ...this.counts(now) },
      lastHour: this.previous ? { ...this.previous } : null,
      perHourPerAddress: this.options.limits.perHour,
      perDayPerAddress: this.options.limits.perDay,
      rise: (await this.options.rise?.report(now)) ?? null,
      ceiling: (await this.options.ceiling?.report(now)) ?? null,
    };
  }

  private refused(full: Budget[], now: number): VisitorVerdict {
    const ceiling = full.find((budget) => budget.scope.kind === 'ceiling');
    if (ceiling) {
      this.count('refused_by_ceiling', 1);
      this.options.ceiling?.refused(ceiling);
      return { ok: false, errors: [ceilingRefusal(ceiling.scope)] };
    }
    const first = full[0];
    this.count('refused_for_address', 1, first?.scope.kind === 'address' ? first.scope.network : undefined);
    throw addressRefusal(full, now);
  }

  /**
   * The time the door judges by: the relay's, unless an earlier call (or an earlier run) judged by
   * a later one. Kept in the ledger by each admission and at each new hour, so a restart on a clock
   * stepped back judges in the hour it had reached.
   */
  private async doorTime(): Promise<number> {
    const before = this.latest ?? (await this.options.ledger.latest());
    this.latest = Math.max(before, this.latest ?? 0, this.options.now());
    if (Math.floor(this.latest / HOUR_MS) > Math.floor(before / HOUR_MS)) await this.options.ledger.note(this.latest);
    return this.latest;
  }

  private remember(known: string): VisitorVerdict {
    this.known.add(known);
    if (this.known.size > KNOWN) this.known.delete(this.known.values().next().value as string);
    return OK;
  }

  private count(result: NewVisitorResult, n: number, client?: string): void {
    const counts = this.counts(this.latest ?? this.options.now());
    if (result === 'taken') counts.taken += n;
    else if (result === 'refused_in_batch') counts.refusedInBatch += n;
    else if (result === 'refused_for_address') counts.refusedForAddress += n;
    else counts.refusedByCeiling += n;
    this.options.onCount?.(result, n, client);
  }

  private counts(now: number): NewVisitorCounts {
    const hour = hourOf(now);
    if (hour !== this.current.hour) {
      this.previous = this.current.hour === '' ? undefined : this.current;
      this.current = emptyCounts(hour);
    }
    return this.current;
  }
}
