import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SETTINGS } from '../config/settings.js';
import { parseSettings } from '../config/parse-relay-config.js';
import { monthVisitors, type CoverageReport, type PlatformCoverage } from '../observability/coverage-report.js';
import { SqliteVisitors } from '../visitors/sqlite-visitors.js';
import { COVERAGE_DAYS, COVERAGE_WINDOW_DAYS, coverageSince } from '../observability/order-coverage.js';
import { SqliteCoverageLog } from '../observability/sqlite-coverage-log.js';
import { CAUSE_TEXT, channelText, elsewhereLine } from '../observability/unjoined-causes.js';
import { parseDuration } from './option-parsers.js';

const DATA_DIR = SETTINGS.filter((s) => s.key === 'dataDir');
const DAY_MS = 86_400_000;

function window(value: string): number {
  const ms = parseDuration(value);
  if (ms > COVERAGE_DAYS * DAY_MS)
    throw new InvalidArgumentError(`the relay remembers ${COVERAGE_DAYS} days of orders: at most ${COVERAGE_DAYS}d`);
  return ms;
}

/** The first 20 ids of a list of `count`. */
const listed = (ids: readonly unknown[], count = ids.length) =>
  count === 0 ? 'none' : ids.slice(0, 20).join(', ') + (count > 20 ? ` and ${count - 20} more` : '');

function platformLines(name: string, p: PlatformCoverage): string[] {
  const share = p.joinedShare === null ? '-' : `${Math.round(p.joinedShare * 1000) / 10} %`;
  const elsewhere = elsewhereLine(p);
  const causes = Object.entries(p.unjoinedCauses)
    .slice(0, 20)
    .map(([id, cause]) => `    ${id}: ${cause}`);
  const meanings = [...new Set(Object.values(p.unjoinedCauses))].map((cause) => `    ${cause}: ${CAUSE_TEXT[cause]}`);
  const made = Object.entries(p.madeElsewhereOrders)
    .slice(0, 20)
    .map(([id, c]) => `    ${id}: ${channelText(c)}`);
  return [
    `${name}: ${p.orders} orders, ${p.storefrontOrders} from the storefront, ${p.joined} joined to a visitor (${share})`,
    ...(elsewhere ? [`  made elsewhere, not in the share: ${elsewhere}`, ...made] : []),
    `  not joined:            ${listed(p.unjoined, p.unjoinedCount)}`,
    ...causes,
    ...(meanings.length > 0 ? ['  what the relay knows of why:', ...meanings] : []),
    ...(p.claimed > 0
      ? [`  of them claimed only by a browser without the shop's proof (not joined): ${p.claimed}`]
      : []),
    `  Order Completed twice: ${listed(p.duplicated, p.duplicatedCount)}`,
    `  naming no order sent:  ${listed(p.unmatched, p.unmatchedCount)}`,
    ...(p.ordersNotKept > 0 ? [`  orders past the month's cap, not counted: ${p.ordersNotKept}`] : []),
  ];
}

/** What the coverage left apart: browsers' claims without the shop's proof, and what its caps left out. */
function apartLines(report: CoverageReport): string[] {
  return [
    ...(report.unprovenClaims > 0
      ? [
          `Order Completed from browsers without the shop's proof for their order: ${report.unprovenClaims} (sent as their visitors' events, joined to no order)`,
        ]
      : []),
    ...(report.completionsNotKept > 0
      ? [`proven Order Completed past the month's cap, not counted: ${report.completionsNotKept}`]
      : []),
  ];
}

function visitorLines(report: CoverageReport): string[] {
  return Object.entries(report.visitors ?? {}).map(
    ([month, v]) =>
      `visitors billed in ${month}: ${v.billed}, of them ${v.identifiedLater} the same shopper under an earlier id (identified later in a session)${v.sessionsNotKept > 0 ? `; ${v.sessionsNotKept} sessions past the month's cap not noted` : ''}`,
  );
}

function text(report: CoverageReport, days: number): string {
  const names = Object.keys(report.platforms);
  const orders =
    names.length === 0
      ? [`no orders made since ${report.since} (${days} days) reached this relay`]
      : [
          `orders made since ${report.since} (${days} days, or since the relay began noting them):`,
          ...names.flatMap((n) => platformLines(n, report.platforms[n] as PlatformCoverage)),
        ];
  return [...orders, ...apartLines(report), ...visitorLines(report)].join('\n');
}

/**
 * `shopbeacon coverage`: the orders this relay sent against the `Order Completed` events it sent,
 * from its data directory.
 */
export function coverageCommand(): Command {
  const dataDir = DATA_DIR[0];
  return new Command('coverage')
    .description(
      'which orders the service can join to their shopper: orders sent to /v1/orders against the Order Completed events sent, per platform',
    )
    .addOption(
      new Option('--since <duration>', `how far back orders were made, at most ${COVERAGE_DAYS}d`)
        .default(COVERAGE_WINDOW_DAYS * DAY_MS, `${COVERAGE_WINDOW_DAYS}d`)
        .argParser(window),
    )
    .addOption(
      new Option(`${dataDir?.flag ?? '--data-dir'} <dir>`, "the relay's data directory").env(
        dataDir?.env ?? 'SHOPBEACON_DATA_DIR',
      ),
    )
    .option(
      '--json',
      'print JSON: { since, platforms: { <name>: { orders, joined, unjoined, claimed, duplicated, unmatched, … } }, unprovenClaims, … }',
    )
    .action((flags: { since: number; dataDir?: string; json?: boolean }) => {
      const dir = parseSettings({ dataDir: flags.dataDir }, DATA_DIR, []).dataDir;
      const since = Date.now() - flags.since;
      const report: CoverageReport = existsSync(join(dir, 'coverage.sqlite'))
        ? readReport(dir, since)
        : { since: new Date(since).toISOString(), platforms: {}, unprovenClaims: 0, completionsNotKept: 0 };
      process.stdout.write(
        flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${text(report, Math.round(flags.since / DAY_MS))}\n`,
      );
    });
}

function readReport(dir: string, since: number): CoverageReport {
  const log = new SqliteCoverageLog(dir, undefined, true);
  try {
    return {
      ...coverageSince(log, since),
      visitors: monthVisitors(billedVisitors(dir), log.identifiedLater(), log.sessionsNotKept()),
    };
  } finally {
    log.close();
  }
}

/** The visitor count the relay keeps beside it (`visitors.sqlite`), if any: with Redis, that count is Redis's. */
function billedVisitors(dir: string): Record<string, number> {
  if (!existsSync(join(dir, 'visitors.sqlite'))) return {};
  const visitors = new SqliteVisitors(dir);
  try {
    return visitors.byMonth();
  } finally {
    visitors.close();
  }
}
