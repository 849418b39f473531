import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { configProblems } from '../helpers/config-problems.js';
import { parseRelayConfig, RELAY_SETTINGS } from '../../relay/relay-settings.js';
import { unknownVariables } from '../../relay/config/unknown-variables.js';

describe('parseRelayConfig(platform API settings)', () => {
  it('refuses a plain http:// platform URL unless its host is a loopback address, naming the variable', () => {
    assert.deepEqual(
      configProblems({
        woocommerceUrl: 'http://shop.example',
        woocommerceConsumerKey: 'ck',
        woocommerceConsumerSecret: 'cs',
        shopCurrency: 'EUR',
      }),
      [
        'SHOPBEACON_WOOCOMMERCE_URL (--woocommerce-url) must be an https:// URL (http:// only for a loopback host such as 127.0.0.1); got "http://shop.example"',
      ],
    );
    assert.deepEqual(
      configProblems({
        prestashopUrl: 'http://127.0.0.1:8080',
        prestashopKey: 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE',
        shopCurrency: 'EUR',
      }),
      [],
    );
  });
  it('names what is missing when a platform API is half configured, and never shows a key', () => {
    const found = configProblems({ prestashopKey: 'SECRETKEY00000000000000000000000' });
    assert.deepEqual(found, [
      'SHOPBEACON_PRESTASHOP_URL (--prestashop-url) is required when SHOPBEACON_PRESTASHOP_KEY is set',
    ]);
    assert.deepEqual(
      configProblems({ prestashopUrl: 'https://shop.example', prestashopKey: 'SECRETKEY00000000000000000000000' }),
      [],
      'no currency: the sync asks the shop',
    );
    assert.deepEqual(
      configProblems({ prestashopUrl: 'https://shop.example', prestashopKey: 'short', shopCurrency: 'EUR' }),
      [
        'SHOPBEACON_PRESTASHOP_KEY (--prestashop-key) must be the 32-character Webservice key (Advanced Parameters → Webservice); got (hidden)',
      ],
    );
    assert.equal(found.join(' ').includes('SECRETKEY'), false);
  });
  it("names both ways into Shopify's API when neither is complete: the client id (with the secret) first, the legacy admin token second", () => {
    assert.deepEqual(
      configProblems({ shopifyShop: 'snowdevil.myshopify.com', shopifySecret: 'shpss_x', shopCurrency: 'USD' }),
      [
        'SHOPBEACON_SHOPIFY_CLIENT_ID (--shopify-client-id), or SHOPBEACON_SHOPIFY_ADMIN_TOKEN (--shopify-admin-token) is required when SHOPBEACON_SHOPIFY_SHOP is set (one way in or the other)',
      ],
    );
    assert.deepEqual(
      configProblems({
        shopifyShop: 'snowdevil.myshopify.com',
        shopifyClientId: 'id',
        shopifySecret: 'shpss_x',
        shopCurrency: 'USD',
      }),
      [],
    );
    assert.deepEqual(
      configProblems({ shopifyShop: 'snowdevil.myshopify.com', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' }),
      [],
    );
  });
  it('takes a sync interval as a duration, 0 for off, and refuses anything else', () => {
    assert.equal(parseRelayConfig({ syncIntervalMs: '30s' }).syncIntervalMs, 30_000);
    assert.equal(parseRelayConfig({}).syncIntervalMs, 600_000);
    assert.equal(parseRelayConfig({ syncIntervalMs: '0' }).syncIntervalMs, 0);
    assert.equal(parseRelayConfig({ syncIntervalMs: '0m' }).syncIntervalMs, 0);
    assert.match(
      configProblems({ syncIntervalMs: '10 minutes' })[0] ?? '',
      /^SHOPBEACON_SYNC_INTERVAL \(--sync-interval\) must be a duration such as 90s, 30m, 24h or 7d, or 0 for off/,
    );
  });
  it('takes a Shopify store as its myshopify.com domain', () => {
    assert.equal(
      parseRelayConfig({ shopifyShop: 'Snowdevil.myshopify.com', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' })
        .shopifyShop,
      'snowdevil.myshopify.com',
    );
    assert.match(
      configProblems({ shopifyShop: 'snowdevil', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' })[0] ?? '',
      /x\.myshopify\.com/,
    );
  });
});

describe('unknownVariables(settings, env)', () => {
  it('names a SHOPBEACON_ variable the relay does not know with the closest known setting', () => {
    assert.deepEqual(
      unknownVariables(RELAY_SETTINGS, {
        SHOPBEACON_SYNC_INTERVALL: '5m',
        SHOPBEACON_TOKEN: 't',
        SHOPBEACON_MOCK_PORT: '1',
        PATH: '/bin',
      }),
      ['SHOPBEACON_SYNC_INTERVALL is not a shopbeacon setting and is ignored; did you mean SHOPBEACON_SYNC_INTERVAL?'],
    );
  });
});

describe('SHOPBEACON_DEDUPE_WINDOW', () => {
  it('defaults to 24 hours and takes a duration in minutes, hours or days', () => {
    assert.equal(parseRelayConfig({}).dedupeWindowMs, 24 * 3600_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '90m' }).dedupeWindowMs, 90 * 60_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '7d' }).dedupeWindowMs, 7 * 24 * 3600_000);
  });

  it('refuses a window shorter than an hour or longer than a week, naming the variable', () => {
    assert.match(
      configProblems({ dedupeWindowMs: '30m' })[0] ?? '',
      /^SHOPBEACON_DEDUPE_WINDOW \(--dedupe-window\) must be a duration from 1h to 7d, such as 90s, 30m, 24h or 7d/,
    );
    assert.match(configProblems({ dedupeWindowMs: '8d' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
    assert.match(configProblems({ dedupeWindowMs: '24 hours' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
  });
});
