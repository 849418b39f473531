import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  catalogLink,
  consentCheck,
  cspChecks,
  productLink,
  snippetSrc,
} from '../../../relay/doctor/storefront-checks.js';

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
});

describe("the doctor's consent line", () => {
  const site = 'https://shop.example/';
  // The WooCommerce 11 plugin's tag and the WP Consent API's script, as a real shop with Complianz printed them.
  const woo =
    '<script async src="/sb/shopbeacon.js" data-consent="wp" data-consent-category="marketing"></script>' +
    '<script id="wp-consent-api-js" src="https://shop.example/wp-content/plugins/wp-consent-api/assets/js/wp-consent-api.min.js?ver=2.0.1"></script>';

  it('names the standard and category the tag follows', () => {
    const check = consentCheck(woo, site);
    assert.equal(check.status, 'ok');
    assert.match(check.detail, /follows the WP Consent API \(wp_has_consent\), category marketing$/);
  });

  it("under auto, names the standard the page's HTML speaks, in auto's order", () => {
    const tcf = '<script>window.__tcfapi=function(){}</script><script src="/sb/shopbeacon.js"></script>';
    assert.match(consentCheck(tcf, site).detail, /follows IAB TCF \(__tcfapi\) \(data-consent auto/);
    const gcm =
      "<script>gtag('consent', 'default', {analytics_storage: 'denied'})</script><script src=\"/sb/shopbeacon.js\"></script>";
    assert.match(consentCheck(gcm, site).detail, /follows Google Consent Mode/);
  });

  it('says where auto finds no banner standard that the events go without asking (a shop that needs no consent is healthy)', () => {
    const check = consentCheck('<script async src="/sb/shopbeacon.js"></script>', site);
    assert.equal(check.status, 'ok');
    assert.match(check.detail, /no banner standard in its HTML/);
  });

  it('says what none and required mean', () => {
    assert.match(
      consentCheck('<script src="/sb/shopbeacon.js" data-consent="none"></script>', site).detail,
      /sends without asking/,
    );
    assert.match(
      consentCheck('<script src="/sb/shopbeacon.js" data-consent="required"></script>', site).detail,
      /waits for the page's own shopbeacon\('consent', true\)/,
    );
  });
});
