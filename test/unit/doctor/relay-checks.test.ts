import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  coverageChecks,
  deadLetterChecks,
  newVisitorChecks,
  visitorCeilingChecks,
} from '../../../relay/doctor/relay-checks.js';

describe("the doctor's readings of the relay's /stats", () => {
  it('warns of dead letters by kind with the command that lists them, and says nothing when /stats could not be read', () => {
    const stats = (dead: Record<string, number>) => ({ stats: { outbox: { dead } } });
    assert.deepEqual(
      deadLetterChecks(stats({ event: 0, order: 0, product: 0 })).map((c) => c.status),
      ['ok'],
    );
    const [check] = deadLetterChecks(stats({ event: 0, order: 1, product: 2 }));
    assert.equal(check?.status, 'warning');
    assert.match(
      check?.detail ?? '',
      /^1 order, 2 products will not reach the service as they are: `shopbeacon outbox dead-letters`/,
    );
    assert.deepEqual(deadLetterChecks({ problem: 'the relay refused SHOPBEACON_ADMIN_KEY' }), []);
  });

  it("warns when a platform's share of storefront orders joined to their shopper falls below the merchant's bar, naming the orders", () => {
    const stats = (joined: number, storefrontOrders: number, unjoined: number[], claimed = 0) => ({
      stats: {
        coverage: {
          platforms: {
            prestashop: {
              storefrontOrders,
              joined,
              joinedShare: storefrontOrders ? joined / storefrontOrders : null,
              unjoined,
              claimed,
            },
          },
        },
      },
    });
    assert.deepEqual(
      coverageChecks(stats(9, 10, [7]), 0.9).map((c) => [c.hop, c.status, c.detail]),
      [['prestashop', 'ok', '9 of 10 storefront orders of 7 days joined to their shopper (90 %)']],
    );
    const [low] = coverageChecks(stats(1, 3, [12, 13]), 0.9);
    assert.equal(low?.status, 'warning');
    assert.match(
      low?.detail ?? '',
      /^1 of 3 storefront orders of 7 days joined to their shopper \(33 %\), below 90 %: not joined 12, 13; `shopbeacon coverage`/,
    );
    assert.match(
      coverageChecks(stats(1, 3, [12, 13], 2), 0.9)[0]?.detail ?? '',
      /not joined 12, 13; 2 of them claimed only by a browser without the shop's proof for the order/,
    );
    assert.equal(coverageChecks(stats(1, 3, [12, 13]), 0.3)[0]?.status, 'ok', "the bar is the merchant's");
    assert.doesNotMatch(low?.detail ?? '', /check that the plugin/i, 'no advice the relay has no cause for');
    assert.deepEqual(coverageChecks(stats(0, 0, []), 0.9), [], 'no storefront order: nothing to judge');
  });

  it('names the cause the relay knows of each unjoined order and the orders made elsewhere, never a payment method', () => {
    const reading = {
      stats: {
        coverage: {
          platforms: {
            woocommerce: {
              storefrontOrders: 4,
              joined: 2,
              joinedShare: 0.5,
              unjoined: [120, 121],
              unjoinedCauses: { '120': 'bot' as const, '121': 'nothing heard' as const },
              claimed: 0,
              madeElsewhere: { 'back office': 3, API: 1 },
            },
          },
        },
      },
    };
    const [check] = coverageChecks(reading, 0.9);
    assert.equal(check?.status, 'warning');
    assert.match(check?.detail ?? '', /left out as made elsewhere than the storefront: 3 back office, 1 API/);
    assert.match(check?.detail ?? '', /not joined 120 \(bot\), 121 \(nothing heard\)/);
    assert.match(check?.detail ?? '', /bot: its Order Completed came from a browser judged automated/);
    assert.match(check?.detail ?? '', /nothing heard: .*check that the plugin, module or pixel is active/);
    assert.doesNotMatch(check?.detail ?? '', /paid|unknown:/);
  });

  it('warns of addresses over their budget of new visitors this hour, naming the setting a crowd behind one address needs', () => {
    const stats = (refusedForAddress: number) => ({
      stats: { newVisitors: { thisHour: { refusedForAddress }, perHourPerAddress: 200 } },
    });
    assert.deepEqual(
      newVisitorChecks(stats(0)).map((c) => c.status),
      ['ok'],
    );
    const [check] = newVisitorChecks(stats(12));
    assert.equal(check?.status, 'warning');
    assert.match(
      check?.detail ?? '',
      /^12 batch\(es\) this hour from addresses over their budget of 200 new visitors .*SHOPBEACON_NEW_VISITORS_PER_HOUR/,
    );
  });

  it("gives the month's share of the visitor ceiling, warns from 80 % and at 100 %, and says when none is set", () => {
    const reading = (month: Record<string, unknown>, day: Record<string, unknown> = { limit: null }) => ({
      stats: {
        newVisitors: { ceiling: { month: { name: '2026-12', ...month }, day: { name: '2026-12-10', ...day } } },
      },
    });
    const [none] = visitorCeilingChecks(reading({ admitted: 1234, limit: null, share: null }));
    assert.deepEqual([none?.status, none?.name], ['ok', 'visitor ceiling']);
    assert.match(
      none?.detail ?? '',
      /^none set: 1,234 visitors billed in 2026-12 so far.*SHOPBEACON_MAX_VISITORS_PER_MONTH/,
    );
    const [low] = visitorCeilingChecks(reading({ admitted: 400, limit: 10_000, share: 0.04 }));
    assert.deepEqual(
      [low?.status, low?.detail],
      ['ok', '400 of 10,000 visitors billed in 2026-12 (4 %, SHOPBEACON_MAX_VISITORS_PER_MONTH)'],
    );
    const [near] = visitorCeilingChecks(reading({ admitted: 8_100, limit: 10_000, share: 0.81 }));
    assert.equal(near?.status, 'warning');
    assert.match(near?.detail ?? '', /^8,100 of 10,000 .*\(81 %.*: past it, visitors not yet billed are refused/);
  });

  it('says when a ceiling is reached, and gives the daily one only when it is set', () => {
    const reading = (month: Record<string, unknown>, day: Record<string, unknown>) => ({
      stats: {
        newVisitors: { ceiling: { month: { name: '2026-12', ...month }, day: { name: '2026-12-10', ...day } } },
      },
    });
    const [reached, day] = visitorCeilingChecks(
      reading({ admitted: 10_000, limit: 10_000, share: 1 }, { admitted: 50, limit: 500, share: 0.1 }),
    );
    assert.match(
      reached?.detail ?? '',
      /: reached; visitors not yet billed are refused and not tracked, those billed go on/,
    );
    assert.deepEqual([day?.status, day?.name], ['ok', 'daily visitor ceiling']);
    assert.deepEqual(visitorCeilingChecks({ problem: 'no key' }), []);
  });

  it("warns of new visitors rising far above the shop's own rate, naming where most came from", () => {
    const rise = { rising: true, current: 400, baseline: 6, top: [{ source: '203.0.113.7', count: 120 }] };
    const [rising, budget] = newVisitorChecks({
      stats: { newVisitors: { thisHour: { refusedForAddress: 0 }, perHourPerAddress: 200, rise } },
    });
    assert.equal(rising?.status, 'warning');
    assert.match(
      rising?.detail ?? '',
      /^400 new visitors in the last ten minutes against 6 per ten minutes over the last day, most from 203\.0\.113\.7 \(120\)/,
    );
    assert.equal(budget?.status, 'ok');
  });
});
