import type Database from 'better-sqlite3';
import { storedChannel, type OrderChannel, type OrderOrigin } from '../shared/order-channel.js';
import {
  LISTED_IDS,
  platformsCoverage,
  type CoverageReport,
  type PlatformFigures,
  type UnjoinedCause,
} from './coverage-report.js';
import { hourOf, hourStart } from './coverage-tally.js';

/** A platform's counts as the hourly rows sum them, before the ids are listed. */
type PlatformSums = Omit<PlatformFigures, 'unjoinedIds' | 'duplicatedIds' | 'elsewhere' | 'elsewhereIds'>;

const SUMS = `SELECT COALESCE(SUM(orders), 0) AS orders, COALESCE(SUM(storefront), 0) AS storefront,
  COALESCE(SUM(joined), 0) AS joined, COALESCE(SUM(unjoined), 0) AS unjoined, COALESCE(SUM(claimed), 0) AS claimed,
  COALESCE(SUM(duplicated), 0) AS duplicated, COALESCE(SUM(not_kept), 0) AS notKept
  FROM order_tally WHERE platform = ? AND hour >= ?`;

interface UnjoinedRow {
  order_id: string;
  created_at: number;
  claimed: number;
  bots: number | null;
}

/** Why an unjoined storefront order is so, from what named it and what the relay heard in its hour and the one before. */
function causeOf(db: Database.Database, o: UnjoinedRow): UnjoinedCause {
  if (o.bots) return 'bot';
  if (o.claimed) return 'claimed only';
  const hour = hourOf(o.created_at);
  const heard = db.prepare('SELECT COALESCE(SUM(events), 0) FROM heard WHERE hour BETWEEN ? AND ?').pluck();
  return heard.get(hour - 1, hour) === 0 ? 'nothing heard' : 'unknown';
}

/** The orders made elsewhere than the storefront, counted per origin, and the first listed with what the shop said. */
function elsewhereOf(db: Database.Database, platform: string, since: number) {
  const rows = db
    .prepare(
      'SELECT order_id, channel FROM orders WHERE platform = ? AND storefront = 0 AND counted = 1 AND created_at >= ? ORDER BY created_at, order_id',
    )
    .iterate(platform, since) as IterableIterator<{ order_id: string; channel: string | null }>;
  const elsewhere: Partial<Record<OrderOrigin, number>> = {};
  const elsewhereIds: { orderId: string; channel: OrderChannel }[] = [];
  for (const row of rows) {
    const channel = storedChannel(row.channel) ?? { madeBy: 'other' as const };
    elsewhere[channel.madeBy] = (elsewhere[channel.madeBy] ?? 0) + 1;
    if (elsewhereIds.length < LISTED_IDS) elsewhereIds.push({ orderId: row.order_id, channel });
  }
  return { elsewhere, elsewhereIds };
}

function platformFigures(db: Database.Database, platform: string, hour: number, since: number): PlatformFigures {
  const sums = db.prepare(SUMS).get(platform, hour) as PlatformSums;
  const unjoined = db
    .prepare(
      `SELECT o.order_id, o.created_at, o.claimed, n.bots FROM orders o LEFT JOIN named n ON n.order_id = o.order_id
       WHERE o.platform = ? AND o.joined = 0 AND o.storefront = 1 AND o.created_at >= ? ORDER BY o.created_at, o.order_id LIMIT ?`,
    )
    .all(platform, since, LISTED_IDS) as UnjoinedRow[];
  const duplicatedIds = db
    .prepare(
      'SELECT order_id FROM orders WHERE platform = ? AND duplicated = 1 AND created_at >= ? ORDER BY created_at, order_id LIMIT ?',
    )
    .pluck()
    .all(platform, since, LISTED_IDS) as string[];
  return {
    ...sums,
    unjoinedIds: unjoined.map((o) => ({ orderId: o.order_id, cause: causeOf(db, o) })),
    duplicatedIds,
    ...elsewhereOf(db, platform, since),
  };
}

/**
 * The coverage of the orders made since `since`, or since the relay began noting (an order made
 * before it, read again by a sweep, had its Order Completed unseen), from the hours' counts: the
 * window starts on the hour, or when the relay began, and `since` says which. The platforms named
 * and those whose orders it kept are reported, each with its first ids listed.
 */
export function readCoverage(
  db: Database.Database,
  since: number,
  began: number,
  platforms: readonly string[],
): CoverageReport {
  const hour = hourOf(Math.max(since, began));
  const from = Math.max(hourStart(hour), began);
  const kept = db.prepare('SELECT DISTINCT platform FROM order_tally').pluck().all() as string[];
  const names = [...new Set([...platforms, ...kept])];
  const named = db
    .prepare(
      'SELECT COALESCE(SUM(unmatched), 0) AS unmatched, COALESCE(SUM(claims), 0) AS claims, COALESCE(SUM(not_kept), 0) AS notKept FROM named_tally WHERE hour >= ?',
    )
    .get(hour) as { unmatched: number; claims: number; notKept: number };
  const unmatchedIds = db
    .prepare('SELECT order_id FROM named WHERE unmatched = 1 AND at >= ? ORDER BY at, order_id LIMIT ?')
    .pluck()
    .all(from, LISTED_IDS) as string[];
  return {
    since: new Date(from).toISOString(),
    platforms: platformsCoverage(new Map(names.map((n) => [n, platformFigures(db, n, hour, from)])), {
      count: named.unmatched,
      ids: unmatchedIds,
    }),
    unprovenClaims: named.claims,
    completionsNotKept: named.notKept,
  };
}
