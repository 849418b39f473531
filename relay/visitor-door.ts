import { NewVisitors } from './collect/new-visitors.js';
import { NewVisitorRise } from './collect/new-visitor-rise.js';
import { VisitorCeiling, type CeilingReach } from './collect/visitor-ceiling.js';
import type { VisitorLimits } from './collect/visitor-budgets.js';
import type { RelayConfig } from './config/relay-config.js';
import type { RelayParts } from './relay-parts.js';
import { LogThrottle } from './shared/log-throttle.js';

type Parts = Omit<RelayParts, 'close'>;

/** The settings the door reads, by the rows' own names. */
export type DoorSettings = Pick<
  RelayConfig,
  'newVisitorsPerHour' | 'newVisitorsPerDay' | 'maxVisitorsPerMonth' | 'maxVisitorsPerDay'
>;

/**
 * An address over its budget of new visitors is someone minting billed visitors, or a crowd behind
 * one NAT: a warning a minute per address.
 */
function newVisitorAlarm(logger: Parts['logger'], limits: VisitorLimits): (client: string) => void {
  const throttle = new LogThrottle(60_000);
  const { perHour, perDay } = limits;
  return (client) => {
    const held = throttle.pass(client);
    if (held === undefined) return;
    logger.warn(
      { address: client, perHour, perDay, refusedSinceLast: held },
      `new visitors refused: ${client} brought more than its budget of visitors not yet billed this month (SHOPBEACON_NEW_VISITORS_PER_HOUR ${perHour} an hour, SHOPBEACON_NEW_VISITORS_PER_DAY ${perDay} a day per address; a /48 four times, a /40 sixteen times); its batches are answered 429`,
    );
  };
}

/** A ceiling of billed visitors at 80 % or reached: the merchant's spending limit, said once each. */
function ceilingAlarm(parts: Parts): (reach: CeilingReach) => void {
  return (reach) => {
    parts.metrics.visitorCeilingReached.inc({ period: reach.period, level: String(reach.level) });
    const setting = reach.period === 'month' ? 'SHOPBEACON_MAX_VISITORS_PER_MONTH' : 'SHOPBEACON_MAX_VISITORS_PER_DAY';
    const where = reach.period === 'month' ? `in ${reach.name}` : `on ${reach.name} (UTC)`;
    parts.logger.warn(
      { ceiling: reach },
      reach.level === 100
        ? `visitor ceiling reached: ${reach.limit} visitors billed ${where} (${setting}); visitors not yet billed ${where} are refused and not billed, those billed go on being tracked`
        : `visitor ceiling at ${reach.level} %: ${reach.admitted} of ${reach.limit} visitors billed ${where} (${setting}); past it, visitors not yet billed ${where} are refused`,
    );
  };
}

/** New visitors far above the shop's own rate: the sources that brought most, once a window. */
function riseAlarm(parts: Parts): NewVisitorRise {
  return new NewVisitorRise(parts.visitorLedger, (rise) => {
    parts.metrics.newVisitorRises.inc();
    const sources = rise.top.map((t) => `${t.source} (${t.count})`).join(', ');
    parts.logger.warn(
      { newVisitors: rise.count, baselinePerWindow: rise.baseline, top: rise.top },
      `new visitors rising: ${rise.count} in ten minutes against ${rise.baseline} per ten minutes over the last day; most from ${sources}. A campaign you launched explains it; anything else is someone minting visitors on your bill`,
    );
  });
}

/**
 * The public door's one rule for every way in (`collect/new-visitors.ts`), as the settings set it,
 * over the relay's ledger and clock, its refusals and the ceilings said in the log and the metrics.
 */
export function visitorDoor(config: DoorSettings, parts: Parts): NewVisitors {
  const { metrics, visitorLedger: ledger } = parts;
  const limits: VisitorLimits = {
    perHour: config.newVisitorsPerHour,
    // Four hours' worth: a crowd behind one address has a busy afternoon, an attacker's drip stops.
    perDay: config.newVisitorsPerDay ?? 4 * config.newVisitorsPerHour,
    maxPerMonth: config.maxVisitorsPerMonth,
    maxPerDay: config.maxVisitorsPerDay,
  };
  const alarm = newVisitorAlarm(parts.logger, limits);
  return new NewVisitors({
    ledger,
    limits,
    now: () => parts.clock.now(),
    rise: riseAlarm(parts),
    ceiling: new VisitorCeiling(ledger, limits, {
      onCount: (period, admitted, limit) => metrics.visitorCeilingShare.set({ period }, admitted / limit),
      onReach: ceilingAlarm(parts),
    }),
    onCount: (result, n, client) => {
      metrics.newVisitors.inc({ result }, n);
      if (result === 'refused_for_address' && client !== undefined) alarm(client);
    },
  });
}
