import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  monthVisitors,
  NO_ORDERS,
  platformCoverage,
  platformsCoverage,
  type PlatformFigures,
} from '../../../relay/observability/coverage-report.js';

const figures = (changes: Partial<PlatformFigures> = {}): PlatformFigures => ({
  ...NO_ORDERS,
  orders: 4,
  storefront: 3,
  joined: 2,
  unjoined: 2,
  claimed: 1,
  unjoinedIds: [
    { orderId: '5002', cause: 'bot' },
    { orderId: '5003', cause: 'unknown' },
  ],
  elsewhere: { 'back office': 1 },
  elsewhereIds: [{ orderId: '5004', channel: { madeBy: 'back office', said: 'created_via admin' } }],
  ...changes,
});

describe('platformCoverage(figures, unmatched)', () => {
  it('gives the share of storefront orders joined, the first ids listed with their counts, why each listed is not joined, and the orders made elsewhere with what the shop said', () => {
    assert.deepEqual(platformCoverage(figures({ duplicated: 1, duplicatedIds: ['5001'], notKept: 3 })), {
      orders: 4,
      storefrontOrders: 3,
      joined: 2,
      joinedShare: 0.667,
      unjoined: [5002, 5003],
      unjoinedCount: 2,
      unjoinedCauses: { '5002': 'bot', '5003': 'unknown' },
      claimed: 1,
      madeElsewhere: { 'back office': 1 },
      madeElsewhereOrders: { '5004': { madeBy: 'back office', said: 'created_via admin' } },
      duplicated: [5001],
      duplicatedCount: 1,
      unmatched: [],
      unmatchedCount: 0,
      ordersNotKept: 3,
    });
  });

  it('has no share without storefront orders, and keeps the digits of an id past 2^53', () => {
    const none = platformCoverage(NO_ORDERS, { count: 1, ids: ['18446744073709551615'] });
    assert.equal(none.joinedShare, null);
    assert.deepEqual([none.unmatched, none.unmatchedCount], [['18446744073709551615'], 1]);
  });
});

describe('platformsCoverage(figures, unmatched)', () => {
  it('gives an Order Completed naming no order sent to the one platform there is, else to `unknown`, the names in order', () => {
    const one = platformsCoverage(new Map([['woocommerce', figures()]]), { count: 1, ids: ['77'] });
    assert.deepEqual(one['woocommerce']?.unmatched, [77]);
    assert.equal(one['woocommerce']?.joined, 2, "the platform's own figures kept");
    const two = platformsCoverage(
      new Map([
        ['woocommerce', NO_ORDERS],
        ['shopify', figures()],
      ]),
      { count: 2, ids: ['77', '78'] },
    );
    assert.deepEqual(Object.keys(two), ['shopify', 'woocommerce', 'unknown']);
    assert.deepEqual([two['unknown']?.unmatched, two['unknown']?.orders], [[77, 78], 0]);
    assert.equal(platformsCoverage(new Map(), { count: 0, ids: [] })['unknown'], undefined);
  });
});

describe('monthVisitors(billed, identifiedLater, sessionsNotKept)', () => {
  it('gives every month any of them names, in order, each figure 0 where it has none', () => {
    assert.deepEqual(monthVisitors({ '2026-12': 5 }, { '2026-11': 1 }, { '2026-12': 2 }), {
      '2026-11': { billed: 0, identifiedLater: 1, sessionsNotKept: 0 },
      '2026-12': { billed: 5, identifiedLater: 0, sessionsNotKept: 2 },
    });
  });
});
