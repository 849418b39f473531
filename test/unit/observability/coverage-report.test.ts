import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coverageReport, type CompletionSeen, type OrderSeen } from '../../../relay/observability/coverage-report.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-01T12:00:00Z');
const order = (orderId: string, platform = 'prestashop', createdAt = NOW - DAY): OrderSeen => ({
  platform,
  orderId,
  createdAt,
});
const done = (orderId: string, at = NOW - DAY): CompletionSeen => ({ orderId, userId: `visitor-${orderId}`, at });

describe('coverageReport', () => {
  it('counts only the orders made in the window, and joins them to an Order Completed of any time the relay remembers', () => {
    const report = coverageReport(
      [order('1'), order('2', 'prestashop', NOW - 9 * DAY)],
      [done('1', NOW - 20 * DAY)],
      NOW - 7 * DAY,
      ['prestashop'],
    );
    assert.deepEqual(report.platforms['prestashop'], {
      orders: 1,
      storefrontOrders: 1,
      joined: 1,
      joinedShare: 1,
      unjoined: [],
      unjoinedChannels: {},
      duplicated: [],
      unmatched: [],
    });
    assert.equal(report.since, '2026-11-24T12:00:00.000Z');
  });

  it('names an order whose Order Completed came twice, and leaves orders made elsewhere out of the share', () => {
    const back: OrderSeen = { ...order('3'), channel: { madeBy: 'the back office' } };
    const report = coverageReport([order('1'), order('2'), back], [done('1'), done('1'), done('2')], NOW - 7 * DAY, []);
    const coverage = report.platforms['prestashop'];
    assert.deepEqual(
      [coverage?.duplicated, coverage?.unjoined, coverage?.storefrontOrders, coverage?.joinedShare],
      [[1], [3], 2, 1],
    );
  });

  it('gives an Order Completed naming no order sent to the one platform connected, else to `unknown`; ids past 2^53 keep their digits', () => {
    const one = coverageReport([], [done('77')], NOW - 7 * DAY, ['woocommerce']);
    assert.deepEqual(one.platforms['woocommerce']?.unmatched, [77]);
    assert.equal(one.platforms['woocommerce']?.joinedShare, null, 'no storefront order: no share');
    const two = coverageReport([order('9', 'shopify')], [done('18446744073709551615')], NOW - 7 * DAY, [
      'shopify',
      'woocommerce',
    ]);
    assert.deepEqual(two.platforms['unknown']?.unmatched, ['18446744073709551615']);
    assert.deepEqual(Object.keys(two.platforms), ['shopify', 'woocommerce', 'unknown']);
  });
});
