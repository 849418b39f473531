// What led to the cart on WooCommerce: the listing a product was last clicked from, as the snippet
// puts it in the add-to-cart request, on the add, the cart line, the started checkout and the order;
// and the shop's recommendations (related products, upsells, cross-sells, the products shortcode, a
// Product Collection block with its own query) as listings of their own. One PHP process per shop
// request against WordPress stand-ins, a real relay and the mock service.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { ANONYMOUS, events, pluginSettings, runPluginRequest, skip } from '../helpers/woocommerce-plugin.js';
import { catalogueRefusals, listingElements } from '../helpers/catalogue.js';

const CLICK = { list_id: 'category-19', position: 17 };
const SEARCHED = { list_id: 'search', position: 2, query: 'green tea' };
const clickField = (click: unknown) => ({ shopbeacon_click: JSON.stringify(click) });
const attribution = (event: Record<string, unknown>) => {
  const { list_id, position, query } = event;
  return Object.fromEntries(Object.entries({ list_id, position, query }).filter(([, value]) => value !== undefined));
};

describe('the WooCommerce plugin (integrations/woocommerce): what led to the cart', { skip }, () => {
  const h = relayForSuite();
  const options = () => pluginSettings(h.url, ADMIN_KEY);

  async function added(request: Record<string, string>) {
    const before = events(h).length;
    const page = await runPluginRequest({ options: options(), cookies: ANONYMOUS, actions: [['add', 42, 1]], request });
    await until(() => events(h).length === before + 1, 'the add');
    return { page, event: events(h).at(-1)!['event'] as Record<string, unknown> };
  }

  it('names on an add, and keeps on its cart line, the listing the request says the product was clicked from', async () => {
    const { page, event } = await added(clickField(SEARCHED));
    assert.deepEqual(attribution(event), SEARCHED);
    assert.deepEqual(catalogueRefusals('Added To Cart', event), []);
    assert.deepEqual(
      Object.values(page.cart_contents).map((line) => line['shopbeacon_click']),
      [SEARCHED],
    );
  });

  it('names none for an add whose request says no click, or a click the catalogue refuses, and drops a position or a query without its list', async () => {
    for (const said of ['', '{"position":3}', 'not json', JSON.stringify({ list_id: '', position: 2 })]) {
      const { page, event } = await added({ shopbeacon_click: said });
      assert.deepEqual(attribution(event), {}, said);
      assert.deepEqual(Object.values(page.cart_contents)[0]?.['shopbeacon_click'], false, said);
    }
    const { event } = await added(clickField({ list_id: 'related-42', position: 0, query: '' }));
    assert.deepEqual(attribution(event), { list_id: 'related-42' });
  });

  it("keeps the line's attribution when its quantity changes without a word about clicks, and sends it with the raise and the removal", async () => {
    const before = events(h).length;
    await runPluginRequest({
      options: options(),
      cookies: ANONYMOUS,
      cart: [[42, 1, 0, CLICK]],
      actions: [
        ['set', 42, 3, 0, 1],
        ['remove', 42, 3],
      ],
    });
    await until(() => events(h).length === before + 2, 'the raise and the removal');
    const [raised, removed] = events(h).slice(-2);
    assert.deepEqual(
      [raised, removed].map((e) => [e!['event_name'], attribution(e!['event'] as Record<string, unknown>)]),
      [
        ['Added To Cart', CLICK],
        ['Removed From Cart', CLICK],
      ],
    );
  });

  it("names each line's listing in the started checkout", async () => {
    const before = events(h).length;
    await runPluginRequest({
      options: options(),
      cookies: ANONYMOUS,
      cart: [
        [42, 1, 0, CLICK],
        [50, 1],
      ],
      page: 'checkout',
    });
    await until(() => events(h).length === before + 1, 'the started checkout');
    const started = events(h).at(-1)!['event'] as { items: Record<string, unknown>[] };
    assert.deepEqual(started.items.map(attribution), [CLICK, {}]);
    assert.deepEqual(catalogueRefusals('Checkout Started', started), []);
  });

  it("gives each order line its cart line's attribution, and Order Completed names each line's listing, a line added with no click none", async () => {
    const lines = await runPluginRequest({
      options: options(),
      cookies: ANONYMOUS,
      cart: [
        [42, 1, 0, SEARCHED],
        [50, 1],
      ],
      create_order_lines: true,
    });
    assert.deepEqual(lines.order_line_meta, [{ _shopbeacon_click: SEARCHED }, {}]);
    const before = events(h).length;
    await runPluginRequest({
      options: options(),
      cookies: ANONYMOUS,
      order: {
        id: 8801,
        total: 39.5,
        currency: 'EUR',
        lines: [
          [42, 1, 0, 24.5, SEARCHED],
          [50, 1, 0, 15],
        ],
      },
      actions: [['order-store-api', 8801]],
    });
    await until(() => events(h).length === before + 1, 'the order');
    const order = events(h).at(-1)!['event'] as { items: Record<string, unknown>[] };
    assert.deepEqual(order.items.map(attribution), [SEARCHED, {}]);
    assert.deepEqual(catalogueRefusals('Order Completed', order), []);
  });

  it('puts the script that fills the click in on every storefront page, after the stub', async () => {
    const page = await runPluginRequest({ options: options(), cookies: ANONYMOUS });
    assert.match(page.head, /shopbeacon\("clickOf",\+i\)/);
    assert.match(page.head, /"adding_to_cart"/);
    assert.match(page.head, /name=shopbeacon_click/);
  });

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
    assert.match(first.recommendations, /^<div class="woocommerce columns-4 ">/);
  });

  it("lists a Product Collection block with its own query from its product template's items, inside the block; a related collection as related-<product>", async () => {
    const block = (attrs: Record<string, unknown>, get?: Record<string, string>) =>
      runPluginRequest({
        options: options(),
        product_page: 42,
        product_block: { html: 'product-collection-own-query.html', attrs, get },
      });
    const sellers = await block(
      { queryId: 3, collection: 'woocommerce/product-collection/best-sellers', query: { perPage: 2, inherit: false } },
      { 'query-3-page': '2' },
    );
    const [list] = listingElements(sellers.recommendations);
    assert.match(String(list?.['list_id']), /^block-[0-9a-f]{12}$/);
    assert.deepEqual(list?.['products'], [
      { ...TEE, position: 3 },
      { ...TEAPOT, position: 4 },
    ]);
    assert.match(
      sellers.recommendations,
      /<\/nav><script type="application\/json" class="shopbeacon-list">.*<\/script><\/div>\n?$/s,
    );
    const related = await block({ queryId: 4, collection: 'woocommerce/product-collection/related', query: {} });
    assert.equal(listingElements(related.recommendations)[0]?.['list_id'], 'related-42');
    const inherits = await block({ queryId: 0, query: { inherit: true } });
    assert.deepEqual(listingElements(inherits.recommendations), [], "the main query's block is the listing's own");
  });
});
