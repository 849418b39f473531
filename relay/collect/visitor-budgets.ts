import { fieldError, type FieldError } from '../contract/field-error.js';
import { clientNetworks } from '../http/client-address.js';
import { HttpError } from '../http/http-error.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Address budgets a network holds, by its prefix length. A /48 keeps room for a site's few subnets
 * (an office, a household an ISP gave a /56) while one rotating its 65,536 /64s gets 4 budgets (a
 * review minted 9,584 visitors in 62 s from 16 /64s of one /48); a /40 bounds whoever holds a few
 * /48s (a review billed 7,680 an hour from 8 /48s of one /44) and is still 256 sites of an ISP's pool.
 */
const NETWORK_SHARES: Readonly<Record<number, number>> = { 32: 1, 64: 1, 48: 4, 40: 16 };

/** The bounds on visitors not yet billed in their month, as the settings give them. */
export interface VisitorLimits {
  /** Per client address (an IPv4 address, an IPv6 /64) and clock hour; 0: not bounded. */
  perHour: number;
  /** Per client address and UTC day; 0: not bounded. */
  perDay: number;
  /** The merchant's ceiling per billing month, whatever way in; none when unset. */
  maxPerMonth: number | undefined;
  /** The merchant's ceiling per UTC day. */
  maxPerDay: number | undefined;
}

/** What a budget bounds: an address's (or its network's) visitors in a window, or the shop's. */
export type BudgetScope =
  | { kind: 'address'; network: string; bits: number; window: 'hour' | 'day' }
  | { kind: 'ceiling'; period: 'month' | 'day'; name: string };

/**
 * One bound a visitor new to its month is counted against: a counter in the relay's state, named
 * by its window, so a restart finds it and a later window starts at 0.
 */
export interface Budget {
  key: string;
  /** The visitors it holds; `Infinity` for one only counted (the shop's, without a ceiling). */
  limit: number;
  /** When its window ends (epoch ms): a refusal's `Retry-After`. */
  endsAt: number;
  /** Until when the relay keeps its count. */
  keepUntil: number;
  scope: BudgetScope;
}

/** `YYYY-MM` of an instant, UTC. */
export const monthOf = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 7);

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return monthOf(Date.UTC(year, index - 2, 1));
}

/** When `YYYY-MM` ends, UTC (epoch ms). */
export function monthEnd(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1);
}

const windowEnd = (now: number, length: number) => (Math.floor(now / length) + 1) * length;
const hourName = (now: number) => new Date(now).toISOString().slice(0, 13);
const dayName = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * The budgets of the address `ip` that a visitor not yet billed in its month costs at `now`: its
 * address's and each network's above it, for the clock hour and the UTC day.
 */
export function addressBudgets(ip: string, now: number, limits: VisitorLimits): Budget[] {
  const windows = [
    { window: 'hour' as const, name: hourName(now), limit: limits.perHour, endsAt: windowEnd(now, HOUR_MS) },
    { window: 'day' as const, name: dayName(now), limit: limits.perDay, endsAt: windowEnd(now, DAY_MS) },
  ].filter((w) => w.limit > 0);
  return clientNetworks(ip).flatMap(({ network, bits }) =>
    windows.map((w) => ({
      key: `${w.window}:${w.name}:${network}`,
      limit: w.limit * (NETWORK_SHARES[bits] ?? 1),
      endsAt: w.endsAt,
      keepUntil: w.endsAt,
      scope: { kind: 'address' as const, network, bits, window: w.window },
    })),
  );
}

/**
 * The shop's budgets a visitor not yet billed in `month` costs at `now`: the month's ceiling and
 * the day's. Each is counted even without a ceiling, for `/stats`; a month's count is kept a month
 * after it ends, so last month's figure stays readable.
 */
export function ceilingBudgets(month: string, now: number, limits: VisitorLimits): Budget[] {
  const day = dayName(now);
  return [
    {
      key: `ceiling:month:${month}`,
      limit: limits.maxPerMonth ?? Infinity,
      endsAt: monthEnd(month),
      keepUntil: monthEnd(month) + 31 * DAY_MS,
      scope: { kind: 'ceiling', period: 'month', name: month },
    },
    {
      key: `ceiling:day:${day}`,
      limit: limits.maxPerDay ?? Infinity,
      endsAt: windowEnd(now, DAY_MS),
      keepUntil: windowEnd(now, DAY_MS) + DAY_MS,
      scope: { kind: 'ceiling', period: 'day', name: day },
    },
  ];
}

const SETTING = {
  hour: 'SHOPBEACON_NEW_VISITORS_PER_HOUR',
  day: 'SHOPBEACON_NEW_VISITORS_PER_DAY',
  month: 'SHOPBEACON_MAX_VISITORS_PER_MONTH',
} as const;

function whose(scope: { network: string; bits: number }): string {
  if (scope.bits === 32) return 'this address';
  return scope.bits === 64 ? 'this address (its /64)' : `this network (its /${scope.bits})`;
}

/**
 * The answer to a batch whose visitor would overspend an address's budgets (`full`): 429 with the
 * time until the last of them frees up, so the snippet's queue and the plugins send it again then.
 */
export function addressRefusal(full: readonly Budget[], now: number): HttpError {
  const first = full[0];
  const said =
    first?.scope.kind === 'address'
      ? `more than ${first.limit} visitors not yet billed this month from ${whose(first.scope)} within ${first.scope.window === 'hour' ? 'an hour' : 'a day'} (${SETTING[first.scope.window]})`
      : 'more visitors not yet billed this month than this address may bring';
  const waitMs = Math.max(...full.map((budget) => budget.endsAt - now));
  return new HttpError(429, 'too_many_new_visitors', `${said}: sent again later, they are taken`, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/**
 * The refusal of the events of a visitor not yet billed in its month once the shop's ceiling is
 * reached: a field error, never a 429, so neither the snippet nor a plugin sends them again.
 * The ceiling's figure is the merchant's business, not a browser's: only its setting is named.
 */
export function ceilingRefusal(scope: BudgetScope): FieldError {
  const [period, setting] =
    scope.kind === 'ceiling' && scope.period === 'day'
      ? [`today (${scope.name}, UTC)`, 'SHOPBEACON_MAX_VISITORS_PER_DAY']
      : [`in ${scope.kind === 'ceiling' ? scope.name : 'this month'}`, SETTING.month];
  return fieldError(
    'user_id',
    'invalid',
    `is a visitor not yet billed ${period}, and the shop's ceiling of billed visitors ${period} is reached (${setting}): not sent, so not billed`,
  );
}
