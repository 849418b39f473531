// What led to the cart on WooCommerce: the listing a product was last clicked from, as the snippet
// puts it in the add-to-cart request, on the add, the cart line, the started checkout and the order
// (the recommendations that are listings: woocommerce-plugin-recommendations.test.ts). One PHP process
// per shop request against WordPress stand-ins, a real relay and the mock service.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { readFileSync } from 'node:fs';
import {
  ANONYMOUS,
  events,
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
  skip,
  type PluginScenario,
} from '../helpers/woocommerce-plugin.js';
import { catalogueRefusals } from '../helpers/catalogue.js';

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

  it("names the product of a translated page's form and AJAX button by the default language's id, as its clicks are named", async () => {
    const polylang = JSON.parse(
      readFileSync(`${PLUGIN_DIR}/tests/fixtures/polylang-3.7.3-translations.json`, 'utf8'),
    ) as PluginScenario['polylang'];
    const german = await runPluginRequest({ options: options(), polylang, add_to_cart_markup: 154 });
    assert.equal(
      german.add_to_cart_markup?.form,
      '<input type="hidden" name="shopbeacon_click" value="" data-product="18">',
    );
    assert.deepEqual(german.add_to_cart_markup?.button.attributes, { 'data-shopbeacon_product': 18 });
    const english = await runPluginRequest({ options: options(), add_to_cart_markup: 42 });
    assert.match(english.add_to_cart_markup?.form ?? '', /data-product="42"/);
    assert.match(english.head, /h\.getAttribute\("data-product"\)\|\|a\.value/);
    assert.match(english.head, /d\.shopbeacon_product\|\|d\.product_id/);
  });
});
