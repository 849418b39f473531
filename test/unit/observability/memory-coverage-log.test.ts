import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryCoverageLog } from '../../../relay/observability/memory-coverage-log.js';

const DAY = 86_400_000;

describe("MemoryCoverageLog, a Redis relay's coverage (relay/observability/memory-coverage-log.ts)", () => {
  it('counts as the file does, in memory, and forgets what is older than 35 days', () => {
    const clock = { now: Date.parse('2026-12-02T10:00:00Z') };
    const log = new MemoryCoverageLog(() => clock.now);
    log.note(
      [{ platform: 'woocommerce', orderId: '7', createdAt: clock.now, channel: { madeBy: 'back office' as const } }],
      [{ orderId: '7', userId: 'u1', at: clock.now, proven: true }],
    );
    log.note(
      [{ platform: 'woocommerce', orderId: '7', createdAt: clock.now }],
      [{ orderId: '7', userId: 'u1', at: clock.now, proven: true }],
    );
    const seen = log.report(clock.now - DAY, []).platforms['woocommerce'];
    assert.deepEqual(
      [seen?.orders, seen?.storefrontOrders, seen?.duplicated],
      [1, 0, [7]],
      'one order, made elsewhere, named twice',
    );
    clock.now += 36 * DAY;
    log.note([{ platform: 'woocommerce', orderId: '8', createdAt: clock.now }], []);
    const later = log.report(clock.now - 35 * DAY, []).platforms['woocommerce'];
    assert.deepEqual([later?.orders, later?.unjoined], [1, [8]]);
    log.close();
  });

  it('keeps within the caps it is given, counting the rest', () => {
    const log = new MemoryCoverageLog(Date.now, { ordersPerPlatform: 1, completions: 1, claims: 1, sessions: 1 });
    const now = Date.now();
    log.note(
      [1, 2].map((id) => ({ platform: 'shopify', orderId: String(id), createdAt: now })),
      [3, 4].map((id) => ({ orderId: String(id), userId: 'u', at: now, proven: true })),
    );
    log.noteSession('2026-12', 's1', 'u1', 1);
    log.noteSession('2026-12', 's2', 'u2', 1);
    const report = log.report(now - DAY, []);
    assert.deepEqual(
      [report.platforms['shopify']?.orders, report.platforms['shopify']?.ordersNotKept, report.completionsNotKept],
      [1, 1, 1],
    );
    assert.deepEqual(log.sessionsNotKept(), { '2026-12': 1 });
    log.close();
  });
});
