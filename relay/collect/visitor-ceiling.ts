import { ceilingBudgets, monthOf, type Budget, type VisitorLimits } from './visitor-budgets.js';
import type { VisitorLedger } from './visitor-ledger.js';

/** The shares of a ceiling said when reached: as an ad platform warns before an account's limit, and at it. */
const LEVELS = [100, 80] as const;

/** A ceiling's share reached: said once per period and level by each relay. */
export interface CeilingReach {
  period: 'month' | 'day';
  /** `YYYY-MM` or `YYYY-MM-DD`. */
  name: string;
  admitted: number;
  limit: number;
  level: (typeof LEVELS)[number];
}

/** One ceiling as `/stats` shows it. */
export interface CeilingPeriod {
  name: string;
  /** Visitors let through in it (billed, or on their way). */
  admitted: number;
  limit: number | null;
  /** `admitted / limit`, null without a ceiling. */
  share: number | null;
}

export interface CeilingReport {
  month: CeilingPeriod;
  day: CeilingPeriod;
}

export interface CeilingListeners {
  /** A ceiling's count after each admission, with its limit: a gauge's reading. */
  onCount?: (period: 'month' | 'day', admitted: number, limit: number) => void;
  /** 80 % or 100 % of a ceiling reached (a visitor refused by it reaches 100 %). */
  onReach?: (reach: CeilingReach) => void;
}

/**
 * The merchant's ceilings on billed visitors (`SHOPBEACON_MAX_VISITORS_PER_MONTH`, `…_PER_DAY`),
 * read from the ledger's counts of the shop's budgets (`ceilingBudgets`): it says when one comes
 * near and when it is reached. The ceiling itself is held by the ledger, with the address budgets.
 */
export class VisitorCeiling {
  private readonly said = new Set<string>();

  constructor(
    private readonly ledger: Pick<VisitorLedger, 'counts'>,
    private readonly limits: VisitorLimits,
    private readonly listeners: CeilingListeners = {},
  ) {}

  /** After an admission: the counts its budgets reached, the shop's among them. */
  admitted(budgets: readonly Budget[], counts: readonly number[]): void {
    budgets.forEach((budget, i) => {
      const { scope } = budget;
      if (scope.kind !== 'ceiling' || !Number.isFinite(budget.limit)) return;
      const admitted = counts[i] ?? 0;
      this.listeners.onCount?.(scope.period, admitted, budget.limit);
      const level = LEVELS.find((share) => admitted * 100 >= share * budget.limit);
      if (level !== undefined)
        this.reach({ period: scope.period, name: scope.name, admitted, limit: budget.limit, level });
    });
  }

  /** A visitor refused by the ceiling `budget`: it is reached. */
  refused(budget: Budget): void {
    if (budget.scope.kind !== 'ceiling') return;
    const { period, name } = budget.scope;
    this.reach({ period, name, admitted: budget.limit, limit: budget.limit, level: 100 });
  }

  /** This month's and today's counts against their ceilings, at the door's time `now`. */
  async report(now: number): Promise<CeilingReport> {
    const [month, day] = ceilingBudgets(monthOf(now), now, this.limits);
    const [monthCount = 0, dayCount = 0] = await this.ledger.counts([month?.key ?? '', day?.key ?? '']);
    return { month: period(month, monthCount), day: period(day, dayCount) };
  }

  private reach(reach: CeilingReach): void {
    const key = `${reach.period} ${reach.name} ${reach.level}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    // The lower level is behind it: a flood past both in one step is said once, at 100 %.
    if (reach.level === 100) this.said.add(`${reach.period} ${reach.name} 80`);
    this.listeners.onReach?.(reach);
  }
}

function period(budget: Budget | undefined, admitted: number): CeilingPeriod {
  const limit = budget && Number.isFinite(budget.limit) ? budget.limit : null;
  const name = budget?.scope.kind === 'ceiling' ? budget.scope.name : '';
  return { name, admitted, limit, share: limit === null ? null : Math.round((admitted / limit) * 1000) / 1000 };
}
