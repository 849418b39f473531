import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coverageChecks, deadLetterChecks, newVisitorChecks } from '../../../relay/doctor/relay-checks.js';

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
    assert.deepEqual(coverageChecks(stats(0, 0, []), 0.9), [], 'no storefront order: nothing to judge');
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
