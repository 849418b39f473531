import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openCoverageDatabase } from '../../../relay/observability/coverage-database.js';
import { readCoverage } from '../../../relay/observability/coverage-figures.js';
import { LISTED_IDS } from '../../../relay/observability/coverage-report.js';
import { CoverageTally } from '../../../relay/observability/coverage-tally.js';
import { KeptRows } from '../../../relay/observability/kept-rows.js';
import { COVERAGE_CAPS } from '../../../relay/observability/order-coverage.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEGAN = Date.parse('2026-11-01T00:00:10Z');
const NOW = Date.parse('2026-12-01T12:30:00Z');

function counted() {
  const db = openCoverageDatabase(undefined);
  const tally = new CoverageTally(db, new KeptRows(db), COVERAGE_CAPS, BEGAN);
  const made = (orderId: string, createdAt: number) =>
    tally.noteOrder({ platform: 'prestashop', orderId, createdAt }, NOW);
  return { db, tally, made };
}

describe('readCoverage(db, since, began, platforms), the report from the counts (relay/observability/coverage-figures.ts)', () => {
  it('starts the window on the hour, or when the relay began if later, and says so in `since`', () => {
    const { db, made } = counted();
    made('1', NOW - 7 * DAY - 40 * 60_000);
    made('2', NOW - 7 * DAY + 20 * 60_000);
    const week = readCoverage(db, NOW - 7 * DAY, BEGAN, []);
    assert.equal(week.since, '2026-11-24T12:00:00.000Z');
    assert.equal(
      week.platforms['prestashop']?.orders,
      1,
      'the order made before the hour the window begins in left out',
    );
    assert.deepEqual(week.platforms['prestashop']?.unjoined, [2]);
    const all = readCoverage(db, NOW - 35 * DAY, BEGAN, ['woocommerce']);
    assert.equal(all.since, '2026-11-01T00:00:10.000Z');
    assert.deepEqual(Object.keys(all.platforms), ['prestashop', 'woocommerce']);
    assert.equal(all.platforms['woocommerce']?.orders, 0, 'a platform the relay connects, without orders');
  });

  it('lists the first ids, oldest first, and counts them all, however many', () => {
    const { db, tally, made } = counted();
    for (let i = 0; i < LISTED_IDS + 50; i++) {
      made(String(1000 + i), NOW - DAY + i * 1000);
      tally.noteCompletion({ orderId: String(9000 + i), userId: 'u', at: NOW - HOUR, proven: true }, NOW);
    }
    const c = readCoverage(db, NOW - 7 * DAY, BEGAN, []).platforms['prestashop'];
    assert.deepEqual(
      [c?.unjoined.length, c?.unjoined[0], c?.unjoinedCount, c?.unmatched.length, c?.unmatchedCount],
      [LISTED_IDS, 1000, LISTED_IDS + 50, LISTED_IDS, LISTED_IDS + 50],
    );
  });
});
