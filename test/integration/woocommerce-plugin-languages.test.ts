// A WooCommerce shop in two languages (Polylang, WPML): one post per language of each product and
// category, so every event, listing and REST product must name the default language's id. One PHP
// process per shop request against WordPress stand-ins (integrations/woocommerce/tests/polylang.php,
// wpml.php), a real relay and the mock service, as woocommerce-plugin.test.ts drives it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { listingElements, snippetCalls } from '../helpers/catalogue.js';
import {
  events,
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
  skip,
  type PluginScenario,
} from '../helpers/woocommerce-plugin.js';

/**
 * A real shop's (Polylang 3.7.3, English the default): the Mug is post 18 in English and 154 in
 * German, its category Tea & Coffee 17 and 32. WPML links the same posts by `trid`.
 */
const POLYLANG = JSON.parse(
  readFileSync(`${PLUGIN_DIR}/tests/fixtures/polylang-3.7.3-translations.json`, 'utf8'),
) as NonNullable<PluginScenario['polylang']>;
const WPML: PluginScenario['wpml'] = {
  default: 'en',
  groups: [
    { en: 18, de: 154 },
    { en: 17, de: 32 },
  ],
};
const GERMAN_CATEGORY = { type: 'product_cat' as const, term_id: 32, name: 'Tee &amp; Kaffee', posts: [154, 42] };
/** The German page's Mug: the default language's id, the name and link the shopper reads. */
const BECHER = { product_id: 18, name: 'Becher', url: 'https://shop.example/de/product/becher/' };

describe('the WooCommerce plugin in a shop with two languages', { skip }, () => {
  const h = relayForSuite();

  for (const [plugin, translations] of [
    ['Polylang', { polylang: POLYLANG }],
    ['WPML', { wpml: WPML }],
  ] as const) {
    it(`sends a German product page, category listing, cart and order under the default language's ids with ${plugin}, in the shopper's language`, async () => {
      const shopper = {
        ...translations,
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: { _sb_uid: `v1sitor-${plugin.toLowerCase()}-de`, _sb_sid: 'sess-german-00001' },
      };
      const page = await runPluginRequest({ ...shopper, product_page: 154 });
      const viewed = snippetCalls(page.head).find((call) => call[0] === 'viewProduct')?.[1] as Record<string, unknown>;
      assert.deepEqual([viewed['product_id'], viewed['name'], viewed['url']], Object.values(BECHER));
      assert.equal(viewed['product_type'], 'Tee & Kaffee');
      const listing = await runPluginRequest({ ...shopper, listing: GERMAN_CATEGORY });
      const [list] = listingElements(listing.footer);
      assert.deepEqual(
        [list?.['list_id'], list?.['list_name']],
        ['category-17', 'Tee & Kaffee'],
        "the default language's category, one listing in both languages, named as the page names it",
      );
      assert.deepEqual(
        (list?.['products'] as Record<string, unknown>[]).map((p) => [p['product_id'], p['name'], p['url']]),
        [Object.values(BECHER), [42, 'Teapot', 'https://shop.example/product/teapot/']],
        'a product with no translation keeps its own id',
      );
      const before = events(h).length;
      await runPluginRequest({ ...shopper, actions: [['add', 154, 1]] });
      await runPluginRequest({ ...shopper, page: 'checkout', cart: [[154, 2]] });
      const order = {
        id: plugin === 'WPML' ? 4902 : 4901,
        total: 18,
        currency: 'EUR',
        lines: [[154, 2, 0, 9]] as [number, number, number, number][],
      };
      await runPluginRequest({ ...shopper, order, actions: [['order-classic', order.id]] });
      await until(() => events(h).length === before + 3, 'the add, the checkout and the order');
      const sent = events(h).slice(before);
      assert.deepEqual(
        sent.map((e) => {
          const fields = e['event'] as { product_id?: number; items?: { product_id: number }[] };
          return [e['event_name'], fields.product_id ?? fields.items?.map((i) => i.product_id)];
        }),
        [
          ['Added To Cart', 18],
          ['Checkout Started', [18]],
          ['Order Completed', [18]],
        ],
      );
    });

    it(`names the default language's product in the REST products and order lines the relay reads with ${plugin}, so the German post is skipped and an order's line is the catalog's product`, async () => {
      const request = await runPluginRequest({
        ...translations,
        options: pluginSettings(h.url, ADMIN_KEY),
        rest_product_ids: [154, 18, 42],
        rest_order_lines: [154, 42],
      });
      assert.deepEqual(request.rest_product_ids, { 154: 18, 18: 18, 42: 42 });
      assert.deepEqual(
        request.rest_order_lines?.map((line) => [line['product_id'], line['shopbeacon_product_id']]),
        [
          [154, 18],
          [42, 42],
        ],
        "an order's lines too, which the relay sends to /v1/orders",
      );
    });
  }

  it('sends every id as it is in a shop with one language', async () => {
    const request = await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY), rest_product_ids: [154, 42] });
    assert.deepEqual(request.rest_product_ids, { 154: 154, 42: 42 });
  });
});
