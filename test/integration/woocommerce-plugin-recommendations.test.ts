// The WooCommerce plugin's recommendations as listings of their own, so a click on one names it on
// the add that follows: related products, upsells and cross-sells (classic templates and the
// Product Collection block's collections), the products shortcode, a Product Collection block with
// its own query and the older product grid blocks, the blocks as a real WooCommerce 11.0.1 rendered
// them (tests/fixtures). One PHP process per shop request against WordPress stand-ins.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite } from '../helpers/relay-harness.js';
import { pluginSettings, runPluginRequest, skip, type PluginScenario } from '../helpers/woocommerce-plugin.js';
import { catalogueRefusals, listingElements } from '../helpers/catalogue.js';

describe("the WooCommerce plugin (integrations/woocommerce): the shop's recommendations as listings", { skip }, () => {
  const h = relayForSuite();
  const options = () => pluginSettings(h.url, ADMIN_KEY);

  const TEE = { product_id: 50, name: 'Tee', price: 15, currency: 'EUR', url: 'https://shop.example/product/tee/' };
  const TEAPOT = {
    product_id: 42,
    name: 'Teapot',
    price: 24.5,
    currency: 'EUR',
    url: 'https://shop.example/product/teapot/',
  };

  it("lists a product page's related products and upsells, and the cart's cross-sells, each by its own list_id, in the order shown", async () => {
    const cases: [string, string, string][] = [
      ['single-product/related.php', 'related-42', 'Related products'],
      ['single-product/up-sells.php', 'upsell-42', 'You may also like'],
      ['cart/cross-sells.php', 'cross-sell-cart', 'You may be interested in'],
    ];
    for (const [template, list_id, list_name] of cases) {
      const page = await runPluginRequest({ options: options(), product_page: 42, template: [template, [50, 42]] });
      const lists = listingElements(page.recommendations);
      assert.deepEqual(lists, [
        {
          list_id,
          list_name,
          products: [
            { ...TEE, position: 1 },
            { ...TEAPOT, position: 2 },
          ],
        },
      ]);
      assert.deepEqual(catalogueRefusals('viewList', lists[0]), []);
      assert.match(page.footer, /shopbeacon\("viewList"/, 'the footer script sends it');
    }
    const other = await runPluginRequest({ options: options(), template: ['single-product/meta.php', [50]] });
    assert.equal(other.recommendations, '');
    assert.equal(other.footer, '');
  });

  it('lists a products shortcode as block-<id> of its definition, the same on every visit and page, numbered on from its page', async () => {
    const shortcode = (current_page: number, attributes: Record<string, unknown> = { category: 'tea', limit: '2' }) =>
      runPluginRequest({
        options: options(),
        shortcode: { type: 'products', attributes, ids: [42, 50], per_page: 2, current_page },
      });
    const [first, second, another] = await Promise.all([
      shortcode(1),
      shortcode(2),
      shortcode(1, { category: 'coffee', limit: '2' }),
    ]);
    const [list1] = listingElements(first.recommendations);
    const [list2] = listingElements(second.recommendations);
    assert.match(String(list1?.['list_id']), /^block-[0-9a-f]{12}$/);
    assert.equal(list2?.['list_id'], list1?.['list_id']);
    assert.notEqual(listingElements(another.recommendations)[0]?.['list_id'], list1?.['list_id']);
    assert.deepEqual(
      (list2?.['products'] as Record<string, unknown>[]).map((p) => [p['product_id'], p['position']]),
      [
        [42, 3],
        [50, 4],
      ],
    );
    assert.ok(
      first.recommendations.startsWith(
        `<div data-sb-list="${String(list1?.['list_id'])}" class="woocommerce columns-4 ">`,
      ),
      'its container carries its list',
    );
  });

  const block = (product_block: PluginScenario['product_block'], product_page = 18) =>
    runPluginRequest({ options: options(), product_page, product_block });
  const captured = (id: number, slug: string, name: string, price: number) => ({
    product_id: id,
    name,
    price,
    currency: 'EUR',
    url: `https://127.0.0.1:8443/product/${slug}/`,
  });

  it("lists a Product Collection block with its own query from its product template's items (a real 11.0.1's), inside the block, numbered on from its page", async () => {
    const catalog = await block(
      {
        html: 'product-collection-catalog.html',
        attrs: { queryId: 3, collection: 'woocommerce/product-collection/product-catalog', query: { perPage: 4 } },
        get: { 'query-3-page': '2' },
      },
      0,
    );
    const [list] = listingElements(catalog.recommendations);
    assert.match(String(list?.['list_id']), /^block-[0-9a-f]{12}$/);
    assert.deepEqual(list?.['products'], [
      { ...captured(36, 'cutting-board', 'Cutting Board', 49.39), position: 5 },
      { ...captured(40, 'gift-card-box', 'Gift Card Box', 56.53), position: 6 },
      { ...captured(113, 'kitchen-spoon-01', 'Kitchen Spoon 01', 4.76), position: 7 },
      { ...captured(115, 'kitchen-spoon-02', 'Kitchen Spoon 02', 5.95), position: 8 },
    ]);
    assert.match(
      catalog.recommendations,
      /<script type="application\/json" class="shopbeacon-list">[^<]*<\/script><\/div>\n?$/,
    );
    assert.deepEqual(catalogueRefusals('viewList', list), []);
    const inherits = await block(
      { html: 'product-collection-catalog.html', attrs: { queryId: 0, query: { inherit: true } } },
      0,
    );
    assert.deepEqual(listingElements(inherits.recommendations), [], "the main query's block is the listing's own");
  });

  it("lists a real product page's related collection as related-<product> and the Cart block's cross-sells as cross-sell-cart", async () => {
    const related = await block({
      html: 'product-collection-related.html',
      attrs: { queryId: 5, collection: 'woocommerce/product-collection/related', query: { perPage: 5 } },
    });
    const [relatedList] = listingElements(related.recommendations);
    assert.equal(relatedList?.['list_id'], 'related-18');
    assert.deepEqual(
      (relatedList?.['products'] as Record<string, unknown>[]).map((p) => [p['product_id'], p['position']]),
      [
        [22, 1],
        [20, 2],
        [16, 3],
        [14, 4],
        [12, 5],
      ],
    );
    const cart = await block(
      {
        html: 'product-collection-cross-sells.html',
        attrs: { queryId: 7, collection: 'woocommerce/product-collection/cross-sells', query: {} },
      },
      0,
    );
    const [crossSells] = listingElements(cart.recommendations);
    assert.equal(crossSells?.['list_id'], 'cross-sell-cart');
    assert.deepEqual(
      (crossSells?.['products'] as Record<string, unknown>[]).map((p) => p['product_id']),
      [22, 14],
    );
  });

  it("marks each list's container with its data-sb-list, so a product listed in two is credited to the block clicked: a classic template's, a Product Collection's and a grid block's, as a real 11.0.1 rendered them", async () => {
    const classic = await runPluginRequest({
      options: options(),
      template: ['cart/cross-sells.php', [22, 14], 'cross-sells-classic-cart.html'],
    });
    assert.match(classic.recommendations, /^<!--[^>]*-->\n<div data-sb-list="cross-sell-cart" class="cross-sells">/);
    assert.equal(listingElements(classic.recommendations)[0]?.['list_id'], 'cross-sell-cart');
    const related = await block({
      html: 'product-collection-related.html',
      attrs: { queryId: 5, collection: 'woocommerce/product-collection/related', query: { perPage: 5 } },
    });
    assert.match(related.recommendations, /^<div data-sb-list="related-18" data-wp-context=/);
    const grid = await block(
      { name: 'woocommerce/handpicked-products', html: 'handpicked-products.html', attrs: { products: [24, 26, 28] } },
      0,
    );
    const [gridList] = listingElements(grid.recommendations);
    assert.ok(
      grid.recommendations.startsWith(`<div data-sb-list="${String(gridList?.['list_id'])}" data-block-name=`),
      grid.recommendations.slice(0, 120),
    );
    const other = await runPluginRequest({
      options: options(),
      template: ['single-product/meta.php', [50], 'cross-sells-classic-cart.html'],
    });
    assert.doesNotMatch(other.recommendations, /data-sb-list/, "another template's output is left as it is");
  });

  it("lists an older product grid block (Hand-picked Products, a real 11.0.1's) by its items' add-to-cart buttons, in the order rendered", async () => {
    const grid = await block(
      { name: 'woocommerce/handpicked-products', html: 'handpicked-products.html', attrs: { products: [24, 26, 28] } },
      0,
    );
    const [list] = listingElements(grid.recommendations);
    assert.match(String(list?.['list_id']), /^block-[0-9a-f]{12}$/);
    assert.deepEqual(
      (list?.['products'] as Record<string, unknown>[]).map((p) => [p['product_id'], p['position'], p['url']]),
      [
        [28, 1, 'https://127.0.0.1:8443/product/gloves/'],
        [26, 2, 'https://127.0.0.1:8443/product/beanie/'],
        [24, 3, 'https://127.0.0.1:8443/product/scarf/'],
      ],
    );
    const paragraph = await block({ name: 'core/paragraph', html: 'handpicked-products.html', attrs: {} }, 0);
    assert.deepEqual(listingElements(paragraph.recommendations), [], 'another block is no list');
  });
});
