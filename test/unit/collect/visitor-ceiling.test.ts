import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';
import { ceilingBudgets, type VisitorLimits } from '../../../relay/collect/visitor-budgets.js';
import { VisitorCeiling, type CeilingReach } from '../../../relay/collect/visitor-ceiling.js';

const now = Date.parse('2026-12-10T12:00:00Z');
const limits: VisitorLimits = { perHour: 0, perDay: 0, maxPerMonth: 10, maxPerDay: undefined };

function ceiling(given: VisitorLimits = limits) {
  const ledger = new SqliteVisitorLedger(mkdtempSync(join(tmpdir(), 'sb-ceiling-')));
  const reaches: CeilingReach[] = [];
  const gauge: string[] = [];
  const watched = new VisitorCeiling(ledger, given, {
    onReach: (reach) => reaches.push(reach),
    onCount: (period, admitted, limit) => gauge.push(`${period} ${admitted}/${limit}`),
  });
  /** `n` visitors through the ledger, each told to the ceiling as the door tells it. */
  const admit = (n: number, from = 0) => {
    const budgets = ceilingBudgets('2026-12', now, given);
    for (let i = from; i < from + n; i += 1) {
      const admission = ledger.admit(
        { userId: `v${i}`, month: '2026-12', previous: '2026-11', keepUntil: now + 60 * 86_400_000 },
        budgets,
        now,
      );
      if (admission.status === 'admitted') watched.admitted(budgets, admission.counts);
      if (admission.status === 'refused') watched.refused(budgets[admission.full[0] ?? 0] ?? budgets[0]!);
    }
  };
  return { ledger, reaches, gauge, watched, admit };
}

describe('VisitorCeiling (relay/collect/visitor-ceiling.ts)', () => {
  it('says 80 % and 100 % of the month once each, and gives the share after each admission', () => {
    const c = ceiling();
    try {
      c.admit(12);
      assert.deepEqual(
        c.reaches.map((r) => [r.level, r.admitted]),
        [
          [80, 8],
          [100, 10],
        ],
      );
      assert.deepEqual(c.gauge.slice(-3), ['month 8/10', 'month 9/10', 'month 10/10']);
    } finally {
      c.ledger.close();
    }
  });

  it('says 100 % alone when one step passes both, or a visitor is refused by it first', () => {
    const c = ceiling({ ...limits, maxPerMonth: 1 });
    try {
      c.admit(2);
      assert.deepEqual(
        c.reaches.map((r) => r.level),
        [100],
      );
    } finally {
      c.ledger.close();
    }
    const d = ceiling();
    try {
      d.watched.refused(ceilingBudgets('2026-12', now, limits)[0]!);
      d.admit(1);
      assert.deepEqual(
        d.reaches.map((r) => [r.level, r.admitted, r.limit]),
        [[100, 10, 10]],
      );
    } finally {
      d.ledger.close();
    }
  });

  it("reports this month's and today's visitors against their ceilings, a share only where one is set", async () => {
    const c = ceiling();
    try {
      c.admit(3);
      assert.deepEqual(await c.watched.report(now), {
        month: { name: '2026-12', admitted: 3, limit: 10, share: 0.3 },
        day: { name: '2026-12-10', admitted: 3, limit: null, share: null },
      });
      assert.deepEqual(c.reaches, []);
    } finally {
      c.ledger.close();
    }
  });
});
