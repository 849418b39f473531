import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeOf } from '../../../relay/contract/field-error.js';
import {
  addressBudgets,
  addressRefusal,
  ceilingBudgets,
  ceilingRefusal,
  monthEnd,
  monthOf,
  previousMonth,
  type VisitorLimits,
} from '../../../relay/collect/visitor-budgets.js';

const limits: VisitorLimits = { perHour: 120, perDay: 480, maxPerMonth: 10_000, maxPerDay: 1_000 };
const now = Date.parse('2026-12-31T23:40:00Z');

describe('addressBudgets(ip, now, limits)', () => {
  it("counts an IPv4 address alone, in this clock hour's window and this UTC day's", () => {
    assert.deepEqual(
      addressBudgets('203.0.113.9', now, limits).map((b) => [b.key, b.limit, new Date(b.endsAt).toISOString()]),
      [
        ['hour:2026-12-31T23:203.0.113.9', 120, '2027-01-01T00:00:00.000Z'],
        ['day:2026-12-31:203.0.113.9', 480, '2027-01-01T00:00:00.000Z'],
      ],
    );
  });

  it('counts an IPv6 address in its /64, its /48 at four budgets and its /40 at sixteen, however it is written', () => {
    const budgets = addressBudgets('2001:0db8:040f:0003::1', now, limits);
    assert.deepEqual(
      budgets.map((b) => [b.key, b.limit]),
      [
        ['hour:2026-12-31T23:2001:db8:40f:3::/64', 120],
        ['day:2026-12-31:2001:db8:40f:3::/64', 480],
        ['hour:2026-12-31T23:2001:db8:40f::/48', 480],
        ['day:2026-12-31:2001:db8:40f::/48', 1_920],
        ['hour:2026-12-31T23:2001:db8:400::/40', 1_920],
        ['day:2026-12-31:2001:db8:400::/40', 7_680],
      ],
    );
    assert.deepEqual(
      addressBudgets('2001:db8:40f:3:ffff::9', now, limits).map((b) => b.key),
      budgets.map((b) => b.key),
      'another address of the same /64 is the same client',
    );
  });

  it('leaves out a window whose budget is 0 (off)', () => {
    assert.deepEqual(
      addressBudgets('203.0.113.9', now, { ...limits, perHour: 0 }).map((b) => b.key),
      ['day:2026-12-31:203.0.113.9'],
    );
    assert.deepEqual(addressBudgets('203.0.113.9', now, { ...limits, perHour: 0, perDay: 0 }), []);
  });
});

describe('ceilingBudgets(month, now, limits)', () => {
  it("counts the visitor's billing month against the monthly ceiling and today against the daily one", () => {
    const [month, day] = ceilingBudgets('2026-12', now, limits);
    assert.deepEqual(
      [month?.key, month?.limit, month?.endsAt, day?.key, day?.limit],
      ['ceiling:month:2026-12', 10_000, Date.parse('2027-01-01T00:00:00Z'), 'ceiling:day:2026-12-31', 1_000],
    );
    assert.ok((month?.keepUntil ?? 0) >= Date.parse('2027-01-31T00:00:00Z'), "last month's figure stays readable");
  });

  it('only counts, without a ceiling', () => {
    const budgets = ceilingBudgets('2026-12', now, { ...limits, maxPerMonth: undefined, maxPerDay: undefined });
    assert.deepEqual(
      budgets.map((b) => b.limit),
      [Infinity, Infinity],
    );
  });
});

describe('months', () => {
  it('names the month of an instant, the month before one, and when one ends, across a year', () => {
    assert.equal(monthOf(now), '2026-12');
    assert.equal(previousMonth('2027-01'), '2026-12');
    assert.equal(previousMonth('2026-03'), '2026-02');
    assert.equal(monthEnd('2026-12'), Date.parse('2027-01-01T00:00:00Z'));
    assert.equal(monthEnd('2028-02'), Date.parse('2028-03-01T00:00:00Z'));
  });
});

describe('the refusals', () => {
  it('answers an address over its budgets 429 naming the first and its setting, Retry-After the last to free up', () => {
    const [hour, day] = addressBudgets('203.0.113.9', now, limits);
    const refusal = addressRefusal(
      [hour, day].filter((b) => b !== undefined),
      now,
    );
    assert.equal(refusal.status, 429);
    assert.equal(refusal.code, 'too_many_new_visitors');
    assert.match(
      refusal.message,
      /^more than 120 visitors not yet billed this month from this address within an hour \(SHOPBEACON_NEW_VISITORS_PER_HOUR\)/,
    );
    assert.equal(refusal.headers?.['Retry-After'], String(20 * 60));
    const site = addressBudgets('2001:db8:1:2::1', now, limits)[2];
    assert.match(addressRefusal(site ? [site] : [], now).message, /from this network \(its \/48\) within an hour/);
  });

  it('refuses past a ceiling by a field error naming its setting, never its figure, that no client sends again', () => {
    const [month, day] = ceilingBudgets('2026-12', now, limits);
    const byMonth = ceilingRefusal(month?.scope ?? { kind: 'ceiling', period: 'month', name: '' });
    assert.equal(byMonth.path, 'user_id');
    assert.equal(codeOf(byMonth), 'invalid');
    assert.match(
      byMonth.message,
      /not yet billed in 2026-12, .*\(SHOPBEACON_MAX_VISITORS_PER_MONTH\): not sent, so not billed$/,
    );
    assert.doesNotMatch(byMonth.message, /10[ ,.]?000/);
    const byDay = ceilingRefusal(day?.scope ?? { kind: 'ceiling', period: 'day', name: '' });
    assert.match(byDay.message, /today \(2026-12-31, UTC\).*SHOPBEACON_MAX_VISITORS_PER_DAY/);
  });
});
