import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  SHOPIFY_SETTINGS,
  shopifyProblems,
  shopifySecrets,
} from '../../../../relay/platforms/shopify/shopify-config.js';
import { SHOPIFY_API_VERSION } from '../../../../relay/platforms/shopify/shopify-settings.js';

type Key = (typeof SHOPIFY_SETTINGS)[number]['key'];

/** The parser of one of Shopify's rows, as the relay's settings run it. */
const parse = (key: Key) => {
  const row = SHOPIFY_SETTINGS.find((s) => s.key === key);
  assert.ok(row, key);
  return row.parse;
};

/** What the parser says of `value`: the value it keeps, or its refusal. */
const parsed = (key: Key, value: string) => {
  try {
    return parse(key)(value);
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
};

describe("Shopify's rows in the relay's settings", () => {
  it('takes a store as its x.myshopify.com domain, lower-cased, or a platform URL, and refuses any other name saying what it must be', () => {
    assert.equal(parsed('shopifyShop', 'SnowDevil.MyShopify.com'), 'snowdevil.myshopify.com');
    assert.equal(parsed('shopifyShop', 'snow-devil-2.myshopify.com'), 'snow-devil-2.myshopify.com');
    assert.equal(parsed('shopifyShop', 'snowdevil.com'), "refused: must be the store's x.myshopify.com domain");
    assert.equal(
      parsed('shopifyShop', '-snowdevil.myshopify.com'),
      "refused: must be the store's x.myshopify.com domain",
    );
    assert.equal(parsed('shopifyShop', 'http://127.0.0.1:8123'), 'http://127.0.0.1:8123');
    assert.equal(
      parsed('shopifyShop', 'http://snowdevil.example'),
      'refused: must be an https:// URL (http:// only for a loopback host such as 127.0.0.1)',
      'a URL is a platform URL: plain http only on loopback',
    );
  });

  it('takes one signing secret or several separated by commas, and refuses an empty entry or a space inside one', () => {
    assert.equal(parsed('shopifySecret', 'shpss_new,shpss_old'), 'shpss_new,shpss_old');
    for (const value of ['shpss_new,', ',shpss_old', 'shpss_new,,shpss_old', 'shpss_new, '])
      assert.equal(
        parsed('shopifySecret', value),
        'refused: must be one secret, or several separated by commas, none empty',
        value,
      );
    assert.equal(parsed('shopifySecret', 'shpss_new, shpss_old'), 'refused: must be a non-empty token without spaces');
  });

  it('takes an API version of a quarterly release, or unstable, and defaults to the pinned one', () => {
    for (const version of ['2026-10', '2025-01', '2026-04', '2026-07', 'unstable'])
      assert.equal(parsed('shopifyApiVersion', version), version);
    for (const version of ['2026-02', '2026-1', '26-10', 'latest'])
      assert.equal(
        parsed('shopifyApiVersion', version),
        'refused: must be a Shopify API version such as 2026-10 (YYYY-01, -04, -07 or -10)',
        version,
      );
    assert.equal(SHOPIFY_SETTINGS.find((s) => s.key === 'shopifyApiVersion')?.fallback, SHOPIFY_API_VERSION);
  });

  it("marks the app's secret and the legacy admin token as secrets, never logged, and neither the store nor the client id", () => {
    assert.deepEqual(
      SHOPIFY_SETTINGS.filter((s) => 'secret' in s && s.secret).map((s) => s.key),
      ['shopifySecret', 'shopifyAdminToken'],
    );
  });
});

describe('shopifySecrets(setting)', () => {
  it("lists the secrets in their order, the app's client secret first, trimmed", () => {
    assert.deepEqual(shopifySecrets('shpss_app , shpss_store'), ['shpss_app', 'shpss_store']);
    assert.deepEqual(shopifySecrets('shpss_app'), ['shpss_app']);
  });
});

describe('shopifyProblems(config)', () => {
  it('asks for SHOPBEACON_SHOP_URL when webhooks are taken with neither a storefront nor a store to link products to', () => {
    assert.deepEqual(shopifyProblems({ shopifySecret: 'shpss_app' }), [
      'SHOPBEACON_SHOP_URL (--shop-url) is required when SHOPBEACON_SHOPIFY_SECRET is set: Shopify products carry only a handle, not a link',
    ]);
    assert.deepEqual(shopifyProblems({ shopifySecret: 'shpss_app', shopUrl: 'https://shop.example' }), []);
    assert.deepEqual(shopifyProblems({ shopifySecret: 'shpss_app', shopifyShop: 'snowdevil.myshopify.com' }), []);
    assert.deepEqual(shopifyProblems({ shopUrl: 'https://shop.example' }), [], 'no webhooks taken, no product to link');
  });
});
