import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../relay/config/config-error.js';
import { parseRelayConfig, RELAY_SETTINGS } from '../../relay/relay-settings.js';
import { unknownVariables } from '../../relay/config/unknown-variables.js';
import { changedByKeyset } from '../../relay/platforms/changed-pages.js';
import type { ChangedPayload } from '../../relay/platforms/connector.js';
import { mapPrestaShopOrder } from '../../relay/platforms/prestashop/prestashop-order.js';
import { prestaShopStatus } from '../../relay/platforms/prestashop/prestashop-status.js';
import { imageUrl, inLanguage } from '../../relay/platforms/prestashop/prestashop-product.js';
import { epochToShopTime, shopTimeToEpoch } from '../../relay/platforms/prestashop/shop-time.js';

function problems(raw: Record<string, string>): string[] {
  try {
    parseRelayConfig(raw);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

describe('parseRelayConfig(platform API settings)', () => {
  it('refuses a plain http:// platform URL unless its host is a loopback address, naming the variable', () => {
    assert.deepEqual(problems({ woocommerceUrl: 'http://shop.example', woocommerceConsumerKey: 'ck', woocommerceConsumerSecret: 'cs', shopCurrency: 'EUR' }), [
      'SHOPBEACON_WOOCOMMERCE_URL (--woocommerce-url) must be an https:// URL (http:// only for a loopback host such as 127.0.0.1); got "http://shop.example"',
    ]);
    assert.deepEqual(problems({ prestashopUrl: 'http://127.0.0.1:8080', prestashopKey: 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE', shopCurrency: 'EUR' }), []);
  });
  it('names what is missing when a platform API is half configured, and never shows a key', () => {
    const found = problems({ prestashopKey: 'SECRETKEY00000000000000000000000' });
    assert.deepEqual(found, ['SHOPBEACON_PRESTASHOP_URL (--prestashop-url) is required when SHOPBEACON_PRESTASHOP_KEY is set']);
    assert.deepEqual(
      problems({ prestashopUrl: 'https://shop.example', prestashopKey: 'SECRETKEY00000000000000000000000' }),
      [],
      'no currency: the sync asks the shop',
    );
    assert.deepEqual(problems({ prestashopUrl: 'https://shop.example', prestashopKey: 'short', shopCurrency: 'EUR' }), [
      'SHOPBEACON_PRESTASHOP_KEY (--prestashop-key) must be the 32-character Webservice key (Advanced Parameters → Webservice); got (hidden)',
    ]);
    assert.equal(found.join(' ').includes('SECRETKEY'), false);
  });
  it("names both ways into Shopify's API when neither is complete: the client id (with the secret) first, the legacy admin token second", () => {
    assert.deepEqual(problems({ shopifyShop: 'snowdevil.myshopify.com', shopifySecret: 'shpss_x', shopCurrency: 'USD' }), [
      'SHOPBEACON_SHOPIFY_CLIENT_ID (--shopify-client-id), or SHOPBEACON_SHOPIFY_ADMIN_TOKEN (--shopify-admin-token) is required when SHOPBEACON_SHOPIFY_SHOP is set (one way in or the other)',
    ]);
    assert.deepEqual(problems({ shopifyShop: 'snowdevil.myshopify.com', shopifyClientId: 'id', shopifySecret: 'shpss_x', shopCurrency: 'USD' }), []);
    assert.deepEqual(problems({ shopifyShop: 'snowdevil.myshopify.com', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' }), []);
  });
  it('takes a sync interval as a duration, 0 for off, and refuses anything else', () => {
    assert.equal(parseRelayConfig({ syncIntervalMs: '30s' }).syncIntervalMs, 30_000);
    assert.equal(parseRelayConfig({}).syncIntervalMs, 600_000);
    assert.equal(parseRelayConfig({ syncIntervalMs: '0' }).syncIntervalMs, 0);
    assert.equal(parseRelayConfig({ syncIntervalMs: '0m' }).syncIntervalMs, 0);
    assert.match(problems({ syncIntervalMs: '10 minutes' })[0] ?? '', /^SHOPBEACON_SYNC_INTERVAL \(--sync-interval\) must be a duration such as 30s/);
  });
  it('takes a Shopify store as its myshopify.com domain', () => {
    assert.equal(
      parseRelayConfig({ shopifyShop: 'Snowdevil.myshopify.com', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' }).shopifyShop,
      'snowdevil.myshopify.com',
    );
    assert.match(problems({ shopifyShop: 'snowdevil', shopifyAdminToken: 'shpat_x', shopCurrency: 'USD' })[0] ?? '', /x\.myshopify\.com/);
  });
});

describe('unknownVariables(settings, env)', () => {
  it('names a SHOPBEACON_ variable the relay does not know with the closest known setting', () => {
    assert.deepEqual(unknownVariables(RELAY_SETTINGS, { SHOPBEACON_SYNC_INTERVALL: '5m', SHOPBEACON_TOKEN: 't', SHOPBEACON_MOCK_PORT: '1', PATH: '/bin' }), [
      'SHOPBEACON_SYNC_INTERVALL is not a shopbeacon setting and is ignored; did you mean SHOPBEACON_SYNC_INTERVAL?',
    ]);
  });
});

describe('changedByKeyset(fetchPage, idOf, pageSize, start)', () => {
  it('misses no record when one changes while the sweep runs, which page numbers alone would', async () => {
    // Ten records a second apart; record 2 is changed (moved to the end) after the first page is read.
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, at: 1000 * (i + 1) }));
    const pages: number[] = [];
    const fetchPage = async (since: number, page: number): Promise<ChangedPayload[]> => {
      pages.push(page);
      if (pages.length === 2) (rows[2] as { at: number }).at = 20_000;
      const list = rows.filter((r) => r.at >= since).sort((a, b) => a.at - b.at || a.id - b.id);
      return list.slice((page - 1) * 4, page * 4).map((r) => ({ payload: { ...r }, changedAt: r.at }));
    };
    const seen: number[] = [];
    for await (const item of changedByKeyset(fetchPage, (p) => String((p as { id: number }).id), 4, 0)) seen.push((item.payload as { id: number }).id);
    assert.deepEqual(
      [...new Set(seen)].sort((a, b) => a - b),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
  });
});

describe('PrestaShop mapping', () => {
  it("reads the shop's wall clock in its time zone and writes the range filter in the same shape", () => {
    const at = shopTimeToEpoch('2026-11-24 10:00:00', 'Europe/Paris');
    assert.equal(new Date(at).toISOString(), '2026-11-24T09:00:00.000Z');
    assert.equal(epochToShopTime(at, 'Europe/Paris'), '2026-11-24 10:00:00');
    assert.ok(Number.isNaN(shopTimeToEpoch('0000-00-00 00:00:00', 'Europe/Paris')));
  });
  it('maps the order states to one vocabulary by id and flags', () => {
    assert.deepEqual(
      ['6', '7', '5', '4', '2', '1', '8'].map((id) => prestaShopStatus(id, { 4: { shipped: '1', paid: '1' }, 2: { paid: '1' } }[id] ?? {})),
      ['cancelled', 'refunded', 'completed', 'completed', 'processing', 'pending', 'pending'],
    );
  });
  it('builds public image URLs on the physical path and reads multilingual fields in the default language', () => {
    assert.equal(imageUrl('https://shop.example/', '123'), 'https://shop.example/img/p/1/2/3/123-large_default.jpg');
    assert.equal(imageUrl('https://shop.example', '0'), undefined);
    assert.equal(
      inLanguage(
        [
          { id: '1', value: 'Mug' },
          { id: '2', value: 'Tasse' },
        ],
        '2',
      ),
      'Tasse',
    );
  });
  it('names the field of a payload it cannot read instead of throwing', () => {
    const mapped = mapPrestaShopOrder({ order: { id: 'x', total_paid_tax_incl: 'lots', associations: 'none' }, timeZone: 'Europe/Paris' });
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors.map((e) => e.path).sort(), ['order_id', 'order_value']);
  });
});

describe('SHOPBEACON_DEDUPE_WINDOW', () => {
  it('defaults to 24 hours and takes a duration in minutes, hours or days', () => {
    assert.equal(parseRelayConfig({}).dedupeWindowMs, 24 * 3600_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '90m' }).dedupeWindowMs, 90 * 60_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '7d' }).dedupeWindowMs, 7 * 24 * 3600_000);
  });

  it('refuses a window shorter than an hour or longer than a week, naming the variable', () => {
    assert.match(problems({ dedupeWindowMs: '30m' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW \(--dedupe-window\) must be a duration from 1h to 7d, such as 24h/);
    assert.match(problems({ dedupeWindowMs: '8d' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
    assert.match(problems({ dedupeWindowMs: '24 hours' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
  });
});
