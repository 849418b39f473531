import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryCoverageLog } from '../../../relay/observability/memory-coverage-log.js';

const DAY = 86_400_000;

describe("MemoryCoverageLog, a Redis relay's coverage (relay/observability/memory-coverage-log.ts)", () => {
  it('keeps each order once with its channel, every completion, and forgets what is older than 35 days', () => {
    const clock = { now: Date.parse('2026-12-02T10:00:00Z') };
    const log = new MemoryCoverageLog(() => clock.now);
    log.note(
      [{ platform: 'woocommerce', orderId: '7', createdAt: clock.now, channel: { madeBy: 'admin' } }],
      [{ orderId: '7', userId: 'u1', at: clock.now }],
    );
    log.note(
      [{ platform: 'woocommerce', orderId: '7', createdAt: clock.now }],
      [{ orderId: '7', userId: 'u1', at: clock.now }],
    );
    const seen = log.read();
    assert.equal(seen.orders.length, 1);
    assert.deepEqual(
      seen.orders[0]?.channel,
      { madeBy: 'admin' },
      'a later version without a channel keeps the one known',
    );
    assert.equal(seen.completions.length, 2, 'a completion seen twice is the duplicate the report names');
    clock.now += 36 * DAY;
    log.note([{ platform: 'woocommerce', orderId: '8', createdAt: clock.now }], []);
    assert.deepEqual(
      log.read().orders.map((o) => o.orderId),
      ['8'],
    );
    assert.equal(log.read().completions.length, 0);
  });

  it('counts a session that went on under another id in its month: the shopper billed twice', () => {
    const log = new MemoryCoverageLog();
    log.noteSession('2026-12', 's1', 'anon-1', 1);
    log.noteSession('2026-12', 's1', '42', 2);
    log.noteSession('2026-12', 's2', 'anon-2', 3);
    assert.deepEqual(log.identifiedLater(), { '2026-12': 1 });
  });
});
