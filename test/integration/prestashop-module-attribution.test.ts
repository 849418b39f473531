// What led to the cart on PrestaShop: the listing a product was last clicked from, as the snippet
// puts it in the add-to-cart request, on the add, the cart line (the module's table), the started
// checkout and the order; and the home page's blocks, the product page's accessories and
// ps_crossselling as listings of their own, read from the page as rendered. One PHP process per
// shop request in PrestaShop stand-ins, the tables kept between requests in a state file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueRefusals, snippetCalls } from '../helpers/catalogue.js';
import {
  ANONYMOUS,
  events,
  fakeRelay,
  request,
  settings,
  skip,
  type FakeRelay,
  type TrackEvent,
} from '../helpers/prestashop-module.js';

const CLICK = { list_id: 'category-3', position: 17 };
const SEARCHED = { list_id: 'search', position: 2, query: 'green tea' };
const attribution = (event: Record<string, unknown>) => {
  const { list_id, position, query } = event;
  return Object.fromEntries(Object.entries({ list_id, position, query }).filter(([, value]) => value !== undefined));
};
type Sent = TrackEvent & { event: Record<string, unknown> & { items?: Record<string, unknown>[] } };

describe('the PrestaShop module (integrations/prestashop/shopbeacon): what led to the cart', { skip }, () => {
  let relay: FakeRelay;
  before(async () => {
    relay = await fakeRelay();
  });
  after(() => relay.close());
  const newState = () => join(mkdtempSync(join(tmpdir(), 'sb-ps-attr-')), 'state.json');
  const shop = (scenario: Record<string, unknown>) =>
    request({ config: settings(relay.url), cookies: ANONYMOUS, ...scenario });
  const sent = () => events(relay) as Sent[];

  it("names the listing an add's request says on Added To Cart, keeps it on the cart line, and names each line's in Checkout Started and Order Completed; an add saying no click names none", async () => {
    relay.requests.length = 0;
    const state = newState();
    await shop({ state, cart: [], actions: [['add', 42, 2]], post: { shopbeacon_click: JSON.stringify(SEARCHED) } });
    const added = await shop({ state, actions: [['add', 50, 1, 51]], post: { shopbeacon_click: '' } });
    assert.deepEqual(
      added.attribution?.map((row) => [row['id_product'], row['list_id'], row['position'], row['query']]),
      [['42', 'search', '2', 'green tea']],
    );
    await shop({ state, page: 'order' });
    await shop({
      state,
      orders: [
        {
          id: 31,
          total: 74.2,
          lines: [
            [42, 2, 0, 29.4],
            [50, 1, 51, 15.4],
          ],
        },
      ],
      actions: [['validate', 0]],
    });
    const [add42, add50, started, placed] = sent();
    assert.deepEqual(
      [add42, add50].map((e) => [e?.event_name, e?.event['product_id'], attribution(e!.event)]),
      [
        ['Added To Cart', 42, SEARCHED],
        ['Added To Cart', 50, {}],
      ],
    );
    assert.deepEqual(started?.event.items?.map(attribution), [SEARCHED, {}]);
    assert.deepEqual(placed?.event.items?.map(attribution), [SEARCHED, {}]);
    for (const event of [add42, add50, started, placed])
      assert.deepEqual(catalogueRefusals(event!.event_name, event!.event), [], event!.event_name);
  });

  it("keeps the line's attribution when the cart page raises or lowers its quantity without a word about clicks; a later add's click replaces it, and a line removed takes it along", async () => {
    relay.requests.length = 0;
    const state = newState();
    await shop({ state, cart: [], actions: [['add', 42, 1]], post: { shopbeacon_click: JSON.stringify(CLICK) } });
    await shop({
      state,
      actions: [
        ['add', 42, 1],
        ['down', 42, 1],
      ],
    });
    await shop({ state, actions: [['add', 42, 1]], post: { shopbeacon_click: JSON.stringify(SEARCHED) } });
    const emptied = await shop({ state, actions: [['delete', 42]] });
    assert.deepEqual(emptied.attribution, [], 'a line gone takes its attribution with it');
    await shop({ state, actions: [['add', 42, 1]] });
    assert.deepEqual(
      sent().map((e) => [e.event_name, attribution(e.event)]),
      [
        ['Added To Cart', CLICK],
        ['Added To Cart', CLICK],
        ['Removed From Cart', CLICK],
        ['Added To Cart', SEARCHED],
        ['Removed From Cart', SEARCHED],
        ['Added To Cart', {}],
      ],
    );
  });

  it('refuses a click the catalogue would refuse: no list, an empty one, or not JSON names none; a position out of range is dropped', async () => {
    relay.requests.length = 0;
    for (const said of ['{"position":3}', JSON.stringify({ list_id: '' }), 'not json'])
      await shop({ cart: [], actions: [['add', 42, 1]], post: { shopbeacon_click: said } });
    await shop({
      cart: [],
      actions: [['add', 42, 1]],
      post: { shopbeacon_click: '{"list_id":"related-42","position":0}' },
    });
    assert.deepEqual(
      sent().map((e) => attribution(e.event)),
      [{}, {}, {}, { list_id: 'related-42' }],
    );
  });

  it('puts the script that fills the click in the add-to-cart form on every storefront page, after the stub', async () => {
    const page = await shop({ page: true });
    assert.match(page.head, /shopbeacon\("clickOf",\+i\)/);
    assert.match(page.head, /\[data-button-action=add-to-cart\]/);
    assert.match(page.head, /name=shopbeacon_click/);
  });

  const listsOf = (html: string) =>
    snippetCalls(html.slice(html.lastIndexOf('<script>'))).map(([, list]) => list as Record<string, unknown>);
  const ids = (list: Record<string, unknown> | undefined) =>
    (list?.['products'] as Record<string, unknown>[]).map((p) => [p['product_id'], p['position'], p['url']]);

  it("lists a real 9.0.0 home page's blocks as rendered: ps_featuredproducts as home-featured, the others as block-<data-type>, before the body ends", async () => {
    const home = await shop({ page: true, html: 'home-9.0.0.html' });
    const lists = listsOf(home.html!);
    assert.deepEqual(
      lists.map((l) => [l['list_id'], ids(l).map(([id]) => id)]),
      [
        ['home-featured', [1, 2, 3, 4, 5, 6, 7, 8]],
        ['block-onsale', [2, 1, 6]],
        ['block-bestsellers', [7, 1, 6, 15]],
      ],
    );
    assert.deepEqual(ids(lists[0])[0], [
      1,
      1,
      'http://127.0.0.1:8091/1-1-hummingbird-printed-t-shirt.html#/1-size-s/8-color-white',
    ]);
    assert.match(home.html!, /<\/script>\n<\/body>\s*<\/html>\s*$/, 'sent before the body ends, after the page');
    for (const list of lists) assert.deepEqual(catalogueRefusals('viewList', list), []);
  });

  it("knows a theme's unmarked blocks by their all-products link, as the module's Link makes it, and lists no other", async () => {
    const links = {
      'category-2': 'http://127.0.0.1:8091/2-home',
      'best-sales': 'http://127.0.0.1:8091/best-sellers',
      'prices-drop': 'http://127.0.0.1:8091/prices-drop',
    };
    const config = { ...settings(relay.url), HOME_FEATURED_CAT: '2' };
    const unmarked = await shop({ page: true, html: 'home-9.0.0-unmarked.html', links, config });
    assert.deepEqual(
      listsOf(unmarked.html!).map((l) => l['list_id']),
      ['home-featured', 'block-onsale', 'block-bestsellers'],
    );
    const elsewhere = await shop({ page: true, html: 'home-9.0.0-unmarked.html', config });
    assert.deepEqual(listsOf(elsewhere.html!), [], "links to another shop's pages are no block of this one");
  });

  it("lists a real product page's accessories as accessories-<product>, ps_crossselling as crossselling-<product> and the cart's as crossselling-cart", async () => {
    const nine = await shop({ product_page: 9, get: { id_product: '9' }, html: 'product-9-9.0.0.html' });
    assert.deepEqual(
      listsOf(nine.html!).map((l) => [l['list_id'], ids(l).map(([id]) => id)]),
      [
        ['accessories-9', [10, 11]],
        ['block-viewedproduct', [2]],
        ['block-categoryproducts', [6, 10, 7, 11, 15, 8]],
      ],
    );
    const sections: string[] = nine.html!.match(/<section\b[^>]*>/g) ?? [];
    assert.deepEqual(
      sections.filter((tag) => tag.includes('data-sb-list')),
      [
        '<section data-sb-list="accessories-9" class="product-accessories clearfix">',
        '<section data-sb-list="block-viewedproduct" class="featured-products clearfix mt-3" data-type="viewedproduct">',
        '<section data-sb-list="block-categoryproducts" class="featured-products clearfix mt-3" data-type="categoryproducts">',
      ],
      'each block carries its list, so a click on 10 or 11 is credited to the block clicked',
    );
    assert.ok(sections.includes('<section id="wrapper">'), "the page's own sections are left as they are");
    const one = await shop({ product_page: 1, get: { id_product: '1' }, html: 'product-1-9.0.0.html' });
    assert.deepEqual(
      listsOf(one.html!).map((l) => [l['list_id'], ids(l).map(([id]) => id)]),
      [
        ['crossselling-1', [6]],
        ['block-viewedproduct', [9, 2]],
      ],
    );
    const cart = await shop({ page: 'cart', html: 'product-1-9.0.0.html' });
    assert.deepEqual(
      listsOf(cart.html!).map((l) => l['list_id']),
      ['crossselling-cart', 'block-viewedproduct'],
    );
    const accessoriesOffTheProductPage = await shop({ page: 'cart', html: 'product-9-9.0.0.html' });
    assert.ok(!listsOf(accessoriesOffTheProductPage.html!).some((l) => String(l['list_id']).startsWith('accessories')));
  });

  it('installs its table and hook, and the upgrade to 0.6.0 adds them to a shop that had the module', async () => {
    const state = newState();
    const installed = await request({ install: true, state });
    assert.ok(installed.tables_created.includes('shopbeacon_attribution'));
    assert.ok(installed.hooks.includes('actionoutputhtmlbefore'));
    const removed = await request({ state, uninstall: true });
    assert.ok(!removed.tables_created.includes('shopbeacon_attribution'));
    const upgraded = await request({ state: newState(), upgrade: '0.6.0' });
    assert.equal(upgraded.upgraded, true);
    assert.deepEqual(upgraded.tables_created, ['shopbeacon_attribution']);
    assert.ok(upgraded.hooks.includes('actionoutputhtmlbefore'));
  });
});
