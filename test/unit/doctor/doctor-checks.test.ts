import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exitStatus, failed, ok, warning } from '../../../relay/doctor/doctor-check.js';
import { catalogLink, cspChecks, productLink, snippetSrc } from '../../../relay/doctor/storefront-checks.js';
import { coverageChecks, deadLetterChecks, newVisitorChecks } from '../../../relay/doctor/relay-checks.js';

const page = (csp?: string) => ({ status: 200, headers: csp ? { 'content-security-policy': csp } : {}, text: '' });

describe("the doctor's storefront readings", () => {
  it("finds the snippet's script and a product link as the three platforms write them", () => {
    assert.equal(
      snippetSrc('<script async src="/sb/shopbeacon.js" data-consent="required"></script>', 'https://shop.example/'),
      'https://shop.example/sb/shopbeacon.js',
    );
    assert.equal(snippetSrc('<script src="app.js"></script>', 'https://shop.example/'), undefined);
    assert.equal(
      productLink('<a href="https://shop.example/product/mug/">', 'https://shop.example'),
      'https://shop.example/product/mug/',
    );
    assert.equal(productLink('<a href="/?product=mug">', 'https://shop.example'), 'https://shop.example/?product=mug');
    assert.equal(
      productLink('<a href="/index.php?id_product=62&amp;controller=product">', 'https://shop.example'),
      'https://shop.example/index.php?id_product=62&controller=product',
    );
    assert.equal(
      productLink('<a href="/analiza/62-kurs-granice.html">', 'https://shop.example'),
      'https://shop.example/analiza/62-kurs-granice.html',
    );
  });

  it("finds the catalog page a home page of posts links: WooCommerce's shop, Shopify's collection, a PrestaShop category", () => {
    assert.equal(
      catalogLink(
        '<a href="/2026/11/hello/">Hi</a><a href="https://shop.example/shop/">Shop</a>',
        'https://shop.example',
      ),
      'https://shop.example/shop/',
    );
    assert.equal(
      catalogLink('<a href="/?post_type=product">Shop</a>', 'https://shop.example'),
      'https://shop.example/?post_type=product',
    );
    assert.equal(
      catalogLink('<a href="/collections/all">All</a>', 'https://shop.example'),
      'https://shop.example/collections/all',
    );
    assert.equal(
      catalogLink('<a href="/3-clothes">Clothes</a>', 'https://shop.example'),
      'https://shop.example/3-clothes',
    );
    assert.equal(
      catalogLink('<a href="/index.php?id_category=3&amp;controller=category">Clothes</a>', 'https://shop.example'),
      'https://shop.example/index.php?id_category=3&controller=category',
    );
    assert.equal(catalogLink('<a href="/about/">About</a>', 'https://shop.example'), undefined);
  });

  it('reads a Content-Security-Policy: self, an origin, default-src as the fallback, and names what to add', () => {
    const site = 'https://shop.example';
    assert.deepEqual(
      cspChecks(page(), site, `${site}/sb/shopbeacon.js`, `${site}/sb/collect`).map((c) => c.status),
      ['ok'],
    );
    assert.deepEqual(
      cspChecks(page("default-src 'self'"), site, `${site}/sb/shopbeacon.js`, `${site}/sb/collect`).map(
        (c) => c.status,
      ),
      ['ok', 'ok'],
    );
    const blocked = cspChecks(
      page("script-src https://cdn.example; connect-src 'none'"),
      site,
      `${site}/sb/shopbeacon.js`,
      'https://sb.shop.example/collect',
    );
    assert.deepEqual(
      blocked.map((c) => c.status),
      ['failed', 'failed'],
    );
    assert.match(blocked[0]?.detail ?? '', /load the script: add 'self' to script-src$/);
    assert.match(blocked[1]?.detail ?? '', /post events to \/collect: add https:\/\/sb\.shop\.example to connect-src$/);
  });

  it('exits 0 when all is ok, 2 on warnings only, 1 on any failure', () => {
    assert.equal(exitStatus([ok('a', 'b', 'c')]), 0);
    assert.equal(exitStatus([ok('a', 'b', 'c'), warning('a', 'b', 'c')]), 2);
    assert.equal(exitStatus([warning('a', 'b', 'c'), failed('a', 'b', 'c')]), 1);
  });

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
    const stats = (joined: number, storefrontOrders: number, unjoined: number[]) => ({
      stats: {
        coverage: {
          platforms: {
            prestashop: {
              storefrontOrders,
              joined,
              joinedShare: storefrontOrders ? joined / storefrontOrders : null,
              unjoined,
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
