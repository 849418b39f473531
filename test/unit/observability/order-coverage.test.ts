import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryCoverageLog } from '../../../relay/observability/memory-coverage-log.js';
import { coverageSince, noteCoverage, type CoverageLog } from '../../../relay/observability/order-coverage.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';

/** An accepted Order Completed as the pipeline announces it: keyed by its order when the shop spoke for it. */
const completed = (orderId: unknown, userId: string, key = `order-completed-${String(orderId)}`) => ({
  state: 'accepted' as const,
  kind: 'event' as const,
  source: 'collect' as const,
  key,
  userId,
  body: {
    event_name: 'Order Completed',
    user_id: userId,
    session_id: 's-1',
    datetime: '2026-12-02 10:05:00+01:00',
    event: { order_id: orderId },
  },
});
const order = (orderId: string, state: 'accepted' | 'unchanged' | 'rejected' = 'accepted') => ({
  state,
  kind: 'order' as const,
  source: 'webhook' as const,
  platform: 'prestashop',
  key: orderId,
  channel: { madeBy: 'storefront' as const, said: 'first state set by no employee' },
  body: { order_id: orderId, date_created_gmt: '2026-12-02 09:00:00' },
});

function watched(log: CoverageLog = new MemoryCoverageLog(() => Date.parse('2026-12-01T00:00:00Z'))) {
  const events = new RecordEvents();
  noteCoverage(events, log, createLogger('silent'));
  return { events, log };
}

describe('noteCoverage(events, log) and coverageSince(log, since)', () => {
  it("notes the orders a way in took and the Order Completed events that name them, the shop's as joins and a browser's claim apart", () => {
    const { events, log } = watched();
    events.emit(order('12'));
    events.emit(order('13', 'unchanged'));
    events.emit(order('14', 'rejected'));
    events.emit(order('15'));
    events.emit(completed(12, 'customer-7'));
    events.emit(completed(15, 'attacker', 'order-claim-15-attacker'));
    events.emit({ ...completed(99, 'anon-1'), state: 'duplicate' });
    const report = coverageSince(log, Date.parse('2026-11-25T00:00:00Z'));
    const c = report.platforms['prestashop'];
    assert.deepEqual(
      [c?.orders, c?.joined, c?.unjoined, c?.claimed, c?.unjoinedCauses, report.unprovenClaims],
      [3, 1, [13, 15], 1, { '13': 'unknown', '15': 'claimed only' }, 1],
      'order 14 refused, the duplicate not noted',
    );
    assert.equal(report.since, '2026-12-01T00:00:00.000Z', 'since the log began');
  });

  it('reports the share of orders joined to their shopper, naming those not joined, the connected platforms counted too', () => {
    const { events, log } = watched();
    events.emit(order('12'));
    events.emit(order('13'));
    events.emit(completed('12', 'customer-7'));
    const report = coverageSince(log, Date.parse('2026-11-25T00:00:00Z'), ['woocommerce']);
    assert.deepEqual(Object.keys(report.platforms).sort(), ['prestashop', 'woocommerce']);
    assert.deepEqual(
      [
        report.platforms['prestashop']?.joined,
        report.platforms['prestashop']?.joinedShare,
        report.platforms['prestashop']?.unjoined,
      ],
      [1, 0.5, [13]],
    );
    assert.equal(report.platforms['woocommerce']?.orders, 0);
  });

  it("notes each event's session under its visitor, so a session that goes on under a customer's id is counted as identified later", () => {
    const { events, log } = watched();
    events.emit({
      ...completed(undefined, 'anon-1'),
      body: {
        ...completed(undefined, 'anon-1').body,
        event_name: 'Product Viewed',
        datetime: '2026-12-02 10:00:00+00:00',
      },
    });
    events.emit({
      ...completed(undefined, 'customer-7'),
      body: {
        ...completed(undefined, 'customer-7').body,
        event_name: 'Product Viewed',
        datetime: '2026-12-02 10:01:00+00:00',
      },
    });
    assert.deepEqual(log.identifiedLater(), { '2026-12': 1 });
  });

  it("names a bot verdict for an order whose Order Completed the bot filter dropped, from /collect or the shop's server", () => {
    const { events, log } = watched();
    events.emit(order('21'));
    events.emit(order('22'));
    const dropped = (orderId: number, source: 'collect' | 'mirror') => {
      const { body } = completed(orderId, 'anon-9');
      return { state: 'dropped' as const, kind: 'event' as const, source, detail: 'bot', body };
    };
    events.emit(dropped(21, 'collect'));
    events.emit(dropped(22, 'mirror'));
    const report = coverageSince(log, Date.parse('2026-11-25T00:00:00Z'));
    assert.deepEqual(report.platforms['prestashop']?.unjoinedCauses, { '21': 'bot', '22': 'bot' });
    assert.equal(report.unprovenClaims, 0, "a bot's Order Completed is no claim");
  });

  it('keeps the relay going when the log cannot note, since the record is in the outbox already', () => {
    const failing: CoverageLog = Object.assign(new MemoryCoverageLog(), {
      note: () => {
        throw new Error('disk full');
      },
    });
    const { events } = watched(failing);
    assert.doesNotThrow(() => events.emit(order('12')));
  });
});
