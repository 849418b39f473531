import type Database from 'better-sqlite3';
import type { OrderChannel } from '../shared/order-channel.js';
import { LISTED_IDS, platformsCoverage, type CoverageReport, type PlatformFigures } from './coverage-report.js';
import { hourOf, hourStart } from './coverage-tally.js';

/** A platform's counts as the hourly rows sum them, before the ids are listed. */
type PlatformSums = Omit<PlatformFigures, 'unjoinedIds' | 'duplicatedIds'>;

const SUMS = `SELECT COALESCE(SUM(orders), 0) AS orders, COALESCE(SUM(storefront), 0) AS storefront,
  COALESCE(SUM(joined), 0) AS joined, COALESCE(SUM(unjoined), 0) AS unjoined, COALESCE(SUM(claimed), 0) AS claimed,
  COALESCE(SUM(duplicated), 0) AS duplicated, COALESCE(SUM(not_kept), 0) AS notKept
  FROM order_tally WHERE platform = ? AND hour >= ?`;

function platformFigures(db: Database.Database, platform: string, hour: number, since: number): PlatformFigures {
  const sums = db.prepare(SUMS).get(platform, hour) as PlatformSums;
  const unjoined = db
    .prepare(
      'SELECT order_id, channel FROM orders WHERE platform = ? AND joined = 0 AND created_at >= ? ORDER BY created_at, order_id LIMIT ?',
    )
    .all(platform, since, LISTED_IDS) as { order_id: string; channel: string | null }[];
  const duplicatedIds = db
    .prepare(
      'SELECT order_id FROM orders WHERE platform = ? AND duplicated = 1 AND created_at >= ? ORDER BY created_at, order_id LIMIT ?',
    )
    .pluck()
    .all(platform, since, LISTED_IDS) as string[];
  return {
    ...sums,
    unjoinedIds: unjoined.map((o) => ({
      orderId: o.order_id,
      ...(o.channel ? { channel: JSON.parse(o.channel) as OrderChannel } : {}),
    })),
    duplicatedIds,
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
