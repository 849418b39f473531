import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NewVisitors, type NewVisitorResult, type VisitorVerdict } from '../../../relay/collect/new-visitors.js';
import { NewVisitorRise } from '../../../relay/collect/new-visitor-rise.js';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';
import { VisitorCeiling, type CeilingReach } from '../../../relay/collect/visitor-ceiling.js';
import type { VisitorLimits } from '../../../relay/collect/visitor-budgets.js';
import { settledMonthErrors } from '../../../relay/collect/browser-window.js';
import { HttpError } from '../../../relay/http/http-error.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEFAULTS: VisitorLimits = { perHour: 2, perDay: 100, maxPerMonth: undefined, maxPerDay: undefined };

/** The door over a real ledger in a fresh data directory, on a clock the test moves; `restart` builds it again from the file. */
function door(limits: Partial<VisitorLimits> = {}, start = Date.parse('2026-11-27T16:10:00Z')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-door-'));
  const clock = { now: start };
  const counted: string[] = [];
  const reaches: CeilingReach[] = [];
  const all = { ...DEFAULTS, ...limits };
  let ledger = new SqliteVisitorLedger(dataDir);
  const build = () =>
    new NewVisitors({
      ledger,
      limits: all,
      now: () => clock.now,
      rise: new NewVisitorRise(ledger, () => undefined),
      ceiling: new VisitorCeiling(ledger, all, { onReach: (reach) => reaches.push(reach) }),
      onCount: (result: NewVisitorResult, n: number, client?: string) =>
        counted.push(`${result} ${n}${client ? ` ${client}` : ''}`),
    });
  let visitors = build();
  return {
    clock,
    counted,
    reaches,
    visitors: () => visitors,
    /** Visitor `userId`'s events of this month (or `month`), brought by `ip`. */
    admit: (
      ip: string | undefined,
      userId: string,
      month?: string,
      settled = [] as ReturnType<typeof settledMonthErrors>,
    ) => visitors.admit(ip, { userId, month: month ?? new Date(clock.now).toISOString().slice(0, 7), settled }),
    restart: () => {
      ledger.close();
      ledger = new SqliteVisitorLedger(dataDir);
      visitors = build();
    },
    close: () => ledger.close(),
  };
}

const isAddressRefusal = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 429 &&
  error.code === 'too_many_new_visitors' &&
  Number(error.headers?.['Retry-After']) > 0;

const ok: VisitorVerdict = { ok: true };

describe('NewVisitors (relay/collect/new-visitors.ts)', () => {
  it("takes a visitor not yet billed this month from its address's budget once, and lets it through free after, from any address", async () => {
    const d = door();
    try {
      assert.deepEqual(await d.admit('2001:db8::1', 'a'), ok);
      assert.deepEqual(await d.admit('203.0.113.7', 'a'), ok, 'billed this month: no address pays again');
      assert.deepEqual(await d.admit('2001:db8::3', 'b'), ok);
      await assert.rejects(d.admit('2001:db8::4', 'c'), isAddressRefusal, 'the same /64: its 2 are spent');
      assert.deepEqual(await d.admit('198.51.100.1', 'c'), ok);
      d.visitors().refusedInBatch(3);
      const report = await d.visitors().report();
      assert.deepEqual(report.thisHour, {
        hour: '2026-11-27T16',
        taken: 3,
        refusedInBatch: 3,
        refusedForAddress: 1,
        refusedByCeiling: 0,
      });
      assert.deepEqual(d.counted, [
        'taken 1 2001:db8:0:0::/64',
        'taken 1 2001:db8:0:0::/64',
        'refused_for_address 1 2001:db8:0:0::/64',
        'taken 1 198.51.100.1',
        'refused_in_batch 3',
      ]);
      d.clock.now += HOUR;
      const later = await d.visitors().report();
      assert.deepEqual([later.lastHour?.taken, later.thisHour.taken], [3, 0]);
    } finally {
      d.close();
    }
  });

  it("charges a visitor billed last month to its address's budget again in the new month: a stock of old cookies buys nothing", async () => {
    const d = door({ perHour: 3 }, Date.parse('2026-11-30T10:00:00Z'));
    try {
      for (const id of ['h1', 'h2', 'h3']) assert.deepEqual(await d.admit('203.0.113.40', id), ok);
      d.clock.now += 31 * DAY;
      const replayed: string[] = [];
      for (const id of ['h1', 'h2', 'h3', 'h4', 'h5'])
        replayed.push(
          await d.admit('198.51.100.99', id).then(
            () => 'taken',
            (e: unknown) => (isAddressRefusal(e) ? '429' : 'error'),
          ),
        );
      assert.deepEqual(replayed, ['taken', 'taken', 'taken', '429', '429']);
    } finally {
      d.close();
    }
  });

  it('bounds an IPv6 /48 at four /64 budgets and a /40 at sixteen: rotating /64s and /48s mints no more', async () => {
    const d = door({ perHour: 2 });
    try {
      let taken = 0;
      for (let site = 0; site < 8; site += 1)
        for (let subnet = 0; subnet < 16; subnet += 1)
          taken += await d.admit(`2001:db8:4${site}:${subnet.toString(16)}::1`, `v-${site}-${subnet}`).then(
            () => 1,
            () => 0,
          );
      assert.equal(taken, 32, '8 /48s of one /40: 2 × 16, not 8 × 2 × 4');
      assert.deepEqual(await d.admit('2001:db8:100::1', 'another-40'), ok);
    } finally {
      d.close();
    }
  });

  it('stops an address that brings its hourly budget every hour once it brought its daily one, until the UTC day ends', async () => {
    const d = door({ perHour: 2, perDay: 5 }, Date.parse('2026-11-27T00:05:00Z'));
    try {
      let taken = 0;
      let refusedAt = '';
      for (let hour = 0; hour < 24 && !refusedAt; hour += 1) {
        for (let i = 0; i < 2 && !refusedAt; i += 1)
          await d.admit('203.0.113.9', `d-${hour}-${i}`).then(
            () => void (taken += 1),
            (error: unknown) => {
              assert.ok(isAddressRefusal(error));
              refusedAt = `${new Date(d.clock.now).toISOString()} retry in ${(error as HttpError).headers?.['Retry-After']} s`;
            },
          );
        if (!refusedAt) d.clock.now += HOUR;
      }
      assert.equal(taken, 5);
      assert.equal(refusedAt, `2026-11-27T02:05:00.000Z retry in ${22 * 3600 - 5 * 60} s`);
    } finally {
      d.close();
    }
  });

  it("refuses past the month's ceiling by a field error, not a 429, while visitors billed that month go on, and says 80 % and 100 % once each", async () => {
    const d = door({ perHour: 100, maxPerMonth: 5 });
    try {
      for (const id of ['c1', 'c2', 'c3', 'c4', 'c5'])
        assert.deepEqual(await d.admit(`203.0.113.${id.slice(1)}`, id), ok);
      const refused = await d.admit('198.51.100.1', 'c6');
      assert.equal(refused.ok, false);
      assert.match(
        refused.ok ? '' : (refused.errors[0]?.message ?? ''),
        /not yet billed in 2026-11, .*\(SHOPBEACON_MAX_VISITORS_PER_MONTH\)/,
      );
      assert.deepEqual(await d.admit('198.51.100.1', 'c6'), refused, 'refused again, never charged');
      assert.deepEqual(await d.admit('198.51.100.1', 'c2'), ok, 'billed this month: still tracked');
      assert.deepEqual(
        d.reaches.map((r) => [r.period, r.name, r.level, r.admitted, r.limit]),
        [
          ['month', '2026-11', 80, 4, 5],
          ['month', '2026-11', 100, 5, 5],
        ],
      );
      const report = await d.visitors().report();
      assert.deepEqual(report.ceiling?.month, { name: '2026-11', admitted: 5, limit: 5, share: 1 });
      assert.equal(report.thisHour.refusedByCeiling, 2);
      d.clock.now += 4 * DAY;
      assert.equal((await d.admit('198.51.100.1', 'c7')).ok, true, 'a new month, a new ceiling');
    } finally {
      d.close();
    }
  });

  it("bounds the shop's own server-side events, which come from no shopper's address, by the ceilings alone", async () => {
    const d = door({ perHour: 1, maxPerMonth: 100, maxPerDay: 3 });
    try {
      for (const id of ['s1', 's2', 's3']) assert.deepEqual(await d.admit(undefined, id), ok);
      const fourth = await d.admit(undefined, 's4');
      assert.match(
        fourth.ok ? '' : (fourth.errors[0]?.message ?? ''),
        /today \(2026-11-27, UTC\).*SHOPBEACON_MAX_VISITORS_PER_DAY/,
      );
      assert.deepEqual(
        d.reaches.map((r) => [r.period, r.level]),
        [['day', 100]],
      );
    } finally {
      d.close();
    }
  });

  it('keeps every budget, who was billed and the rise across a restart', async () => {
    const d = door({ perHour: 2 });
    try {
      await d.admit('203.0.113.9', 'r1');
      await d.admit('203.0.113.9', 'r2');
      d.restart();
      await assert.rejects(d.admit('203.0.113.9', 'r3'), isAddressRefusal);
      assert.deepEqual(await d.admit('203.0.113.9', 'r1'), ok);
      assert.equal((await d.visitors().report()).rise?.current, 2);
    } finally {
      d.close();
    }
  });

  it('reopens no window when its clock is stepped back, in the same run or across a restart', async () => {
    const d = door({ perHour: 2, perDay: 3 }, Date.parse('2026-11-27T16:50:00Z'));
    try {
      await d.admit('203.0.113.9', 's1');
      d.clock.now += 20 * 60_000;
      await d.admit('203.0.113.9', 's2');
      d.clock.now -= 2 * HOUR;
      await d.admit('203.0.113.9', 's3');
      await assert.rejects(
        d.admit('203.0.113.9', 's4'),
        isAddressRefusal,
        "16:10 on the clock, 17:10 for the door: the day's 3 are spent",
      );
      d.restart();
      d.clock.now -= DAY;
      await assert.rejects(
        d.admit('203.0.113.9', 's4'),
        isAddressRefusal,
        'a day back and restarted: still the same day',
      );
      assert.equal((await d.visitors().report()).thisHour.hour, '2026-11-27T17');
    } finally {
      d.close();
    }
  });

  it('refuses a visitor events of a month already settled unless it was billed in that month', async () => {
    const d = door({}, Date.parse('2026-11-30T23:30:00Z'));
    try {
      await d.admit('203.0.113.9', 'late-known');
      d.clock.now += 3 * HOUR;
      const settled = settledMonthErrors('2026-11-30 23:00:00', d.clock.now);
      assert.equal(settled.length, 1);
      assert.deepEqual(await d.admit('203.0.113.9', 'late-known', '2026-11', settled), ok);
      assert.deepEqual(await d.admit('203.0.113.9', 'late-new', '2026-11', settled), { ok: false, errors: settled });
    } finally {
      d.close();
    }
  });

  it('counts nothing against an address with budgets of 0 (off)', async () => {
    const d = door({ perHour: 0, perDay: 0 });
    for (let i = 0; i < 300; i += 1) await d.admit('203.0.113.9', `v${i}`);
    assert.equal((await d.visitors().report()).thisHour.taken, 300);
    d.close();
  });
});
