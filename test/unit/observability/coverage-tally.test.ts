import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openCoverageDatabase } from '../../../relay/observability/coverage-database.js';
import { readCoverage } from '../../../relay/observability/coverage-figures.js';
import type { CompletionSeen, OrderSeen } from '../../../relay/observability/coverage-report.js';
import { CoverageTally } from '../../../relay/observability/coverage-tally.js';
import { KeptRows } from '../../../relay/observability/kept-rows.js';
import { COVERAGE_CAPS, type CoverageCaps } from '../../../relay/observability/order-coverage.js';
import { ORDER_ORIGINS } from '../../../relay/shared/order-channel.js';
import fc from 'fast-check';

const HOUR = 3_600_000;
const BEGAN = Date.parse('2026-12-01T00:00:00Z');
const NOW = BEGAN + 30 * HOUR;

/** A tally over a real SQLite database in memory, and its report of everything since it began. */
function tally(caps: Partial<CoverageCaps> = {}) {
  const db = openCoverageDatabase(undefined);
  const counts = new CoverageTally(db, new KeptRows(db), { ...COVERAGE_CAPS, ...caps }, BEGAN);
  const report = (platforms: string[] = []) => readCoverage(db, BEGAN, BEGAN, platforms);
  return { counts, report, db };
}
const order = (orderId: string, changes: Partial<OrderSeen> = {}): OrderSeen => ({
  platform: 'woocommerce',
  orderId,
  createdAt: BEGAN + 2 * HOUR,
  ...changes,
});
const proven = (orderId: string, at = BEGAN + 3 * HOUR): CompletionSeen => ({
  orderId,
  userId: `visitor-${orderId}`,
  at,
  proven: true,
});
const claim = (orderId: string, userId = 'attacker'): CompletionSeen => ({ ...proven(orderId), userId, proven: false });

describe('CoverageTally, the coverage counted as records arrive (relay/observability/coverage-tally.ts)', () => {
  it("joins an order to the shop's Order Completed whichever comes first, and counts one naming no order sent until it comes", () => {
    const { counts, report } = tally();
    counts.noteOrder(order('1'), NOW);
    counts.noteCompletion(proven('1'), NOW);
    counts.noteCompletion(proven('2'), NOW);
    assert.deepEqual(
      [report().platforms['woocommerce']?.joined, report().platforms['woocommerce']?.unmatched],
      [1, [2]],
    );
    counts.noteOrder(order('2'), NOW);
    const after = report().platforms['woocommerce'];
    assert.deepEqual([after?.orders, after?.joined, after?.joinedShare, after?.unmatchedCount], [2, 2, 1, 0]);
  });

  it("never joins an order on a browser's claim without the shop's proof: it is claimed, apart, until the shop speaks", () => {
    const { counts, report } = tally();
    counts.noteCompletion(claim('7010'), NOW);
    counts.noteOrder(order('7010'), NOW);
    counts.noteCompletion(claim('7011'), NOW);
    const claimed = report();
    assert.deepEqual(
      [claimed.platforms['woocommerce']?.joined, claimed.platforms['woocommerce']?.claimed, claimed.unprovenClaims],
      [0, 1, 2],
    );
    assert.deepEqual(claimed.platforms['woocommerce']?.unjoined, [7010]);
    assert.deepEqual(claimed.platforms['woocommerce']?.unmatched, [], 'a claim is never an unmatched join either');
    counts.noteCompletion(proven('7010'), NOW);
    const joined = report().platforms['woocommerce'];
    assert.deepEqual([joined?.joined, joined?.claimed, joined?.unjoined], [1, 0, []]);
  });

  it("names an order the shop's Order Completed named twice, and leaves an order made elsewhere out of the share and out of the unjoined", () => {
    const { counts, report } = tally();
    counts.noteOrder(order('1'), NOW);
    counts.noteOrder(order('2'), NOW);
    counts.noteCompletion(proven('1'), NOW);
    counts.noteCompletion(proven('1'), NOW);
    counts.noteOrder(order('2', { channel: { madeBy: 'back office', said: 'created_via admin' } }), NOW);
    counts.noteOrder(order('2'), NOW);
    const c = report().platforms['woocommerce'];
    assert.deepEqual(
      [c?.orders, c?.storefrontOrders, c?.joinedShare, c?.duplicated, c?.unjoined, c?.unjoinedCount],
      [2, 1, 1, [1], [], 0],
      'a back-office order is no unjoined storefront order, and a later version without a channel keeps the one known',
    );
    assert.deepEqual(c?.madeElsewhere, { 'back office': 1 });
    assert.deepEqual(c?.madeElsewhereOrders, { '2': { madeBy: 'back office', said: 'created_via admin' } });
  });

  it('counts an order whose shop left its origin unsaid out of the share, as made elsewhere', () => {
    const { counts, report } = tally();
    counts.noteOrder(order('3', { channel: { madeBy: 'other', said: 'created_via unsaid' } }), NOW);
    counts.noteOrder(order('4', { channel: { madeBy: 'storefront', said: 'created_via checkout' } }), NOW);
    const c = report().platforms['woocommerce'];
    assert.deepEqual([c?.storefrontOrders, c?.unjoined, c?.madeElsewhere], [1, [4], { other: 1 }]);
  });

  it('names a bot verdict as the cause of an order whose Order Completed the bot filter dropped, never as a claim or a join', () => {
    const { counts, report } = tally();
    counts.noteOrder(order('51'), NOW);
    counts.noteCompletion({ ...claim('51', ''), bot: true }, NOW);
    const c = report();
    assert.deepEqual(
      [c.platforms['woocommerce']?.joined, c.platforms['woocommerce']?.claimed, c.unprovenClaims],
      [0, 0, 0],
    );
    assert.deepEqual(c.platforms['woocommerce']?.unjoinedCauses, { '51': 'bot' });
  });

  it('says nothing was heard from the shop for an unjoined order in an hour without any event, and unknown when events came', () => {
    const { counts, report } = tally();
    counts.noteOrder(order('61', { createdAt: BEGAN + 2 * HOUR }), NOW);
    counts.noteOrder(order('62', { createdAt: BEGAN + 9 * HOUR }), NOW);
    counts.noteOrder(order('63', { createdAt: BEGAN + 12 * HOUR }), NOW);
    counts.noteCompletion(claim('63'), NOW);
    counts.noteHeard(new Map([[Math.floor((BEGAN + 8 * HOUR) / HOUR), 3]]));
    assert.deepEqual(report().platforms['woocommerce']?.unjoinedCauses, {
      '61': 'nothing heard',
      '62': 'unknown',
      '63': 'claimed only',
    });
  });

  it('keeps, whatever the orders and Order Completed events and their order, every unjoined or claimed order a storefront one and the counts equal to what is listed', () => {
    const note = fc.oneof(
      fc.record({ order: fc.integer({ min: 1, max: 6 }), madeBy: fc.option(fc.constantFrom(...ORDER_ORIGINS)) }),
      fc.record({ named: fc.integer({ min: 1, max: 6 }), as: fc.constantFrom('proven', 'claim', 'bot') }),
    );
    fc.assert(
      fc.property(fc.array(note, { maxLength: 30 }), (notes) => {
        const { counts, report } = tally();
        for (const n of notes) {
          if ('order' in n)
            counts.noteOrder(order(String(n.order), n.madeBy ? { channel: { madeBy: n.madeBy } } : {}), NOW);
          else if (n.as === 'proven') counts.noteCompletion(proven(String(n.named)), NOW);
          else counts.noteCompletion({ ...claim(String(n.named)), bot: n.as === 'bot' }, NOW);
        }
        const c = report(['woocommerce']).platforms['woocommerce'];
        assert.ok(c);
        const elsewhere = new Set(Object.keys(c.madeElsewhereOrders).map(Number));
        assert.ok(
          c.unjoined.every((id) => !elsewhere.has(Number(id))),
          'no order made elsewhere is unjoined',
        );
        assert.equal(c.unjoinedCount, c.storefrontOrders - c.joined);
        assert.equal(c.unjoined.length, c.unjoinedCount);
        assert.ok(c.claimed <= c.unjoinedCount);
        const madeElsewhere = Object.values(c.madeElsewhere).reduce((a, b) => a + b, 0);
        assert.equal(c.storefrontOrders + madeElsewhere, c.orders);
      }),
    );
  });

  it('leaves an order made before it began noting out of every window, and an Order Completed naming it matched', () => {
    const { counts, report } = tally();
    counts.noteOrder(order('4999', { createdAt: BEGAN - HOUR }), NOW);
    counts.noteCompletion(proven('4999'), NOW);
    const c = report(['woocommerce']);
    assert.deepEqual([c.platforms['woocommerce']?.orders, c.platforms['woocommerce']?.unmatchedCount], [0, 0]);
  });

  it("keeps each kind within its month's cap and counts the rest as not kept; a flood of claims never crowds out the shop's own", () => {
    const { counts, report, db } = tally({ ordersPerPlatform: 2, completions: 3, claims: 3 });
    for (const id of ['1', '2', '3']) counts.noteOrder(order(id), NOW);
    for (let i = 0; i < 50; i++) counts.noteCompletion(claim(`9${i}`), NOW);
    for (const id of ['1', '2', '3']) counts.noteCompletion(proven(id), NOW);
    const c = report();
    assert.deepEqual(
      [
        c.platforms['woocommerce']?.orders,
        c.platforms['woocommerce']?.ordersNotKept,
        c.platforms['woocommerce']?.joined,
      ],
      [2, 1, 2],
    );
    assert.deepEqual([c.unprovenClaims, c.completionsNotKept], [50, 0], 'every claim counted, the proven all kept');
    counts.noteCompletion(proven('4'), NOW);
    assert.equal(report().completionsNotKept, 1);
    const rows = db.prepare('SELECT (SELECT COUNT(*) FROM orders) + (SELECT COUNT(*) FROM named)').pluck().get();
    assert.equal(rows, 2 + 3 + 3);
    counts.noteOrder(order('5'), Date.parse('2027-01-02T00:00:00Z'));
    assert.equal(report().platforms['woocommerce']?.orders, 3, "another month's cap");
  });
});
