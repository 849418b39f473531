// The PrestaShop module's listing events in PrestaShop stand-ins: what filterProductSearch hands it
// on each listing controller, the end of the page, the AJAX answer; and every event the module sends
// held to the event catalogue's strict form.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ANONYMOUS, events, fakeRelay, request, settings, skip, type FakeRelay } from '../helpers/prestashop-module.js';
import { catalogueRefusals, snippetCalls } from '../helpers/catalogue.js';

/** Presented products as ProductListingLazyArray answers them: `url` with the default combination's anchor. */
const presented = (id: number, price: number) => ({
  id_product: id,
  id_product_attribute: 1,
  name: `P${id} <b>`,
  url: `https://shop.example/${id}-p.html#/1-size-s`,
  price_amount: price,
  price: `€${price}`,
});
const HOME_PAGE_2 = {
  page: 'category',
  category: [2, 'Home'],
  label: 'Category: Home',
  products: [presented(13, 29.4), presented(14, 12)],
  pagination: { items_shown_from: 13, items_shown_to: 14, total_items: 14, current_page: 2, pages_count: 2 },
};

describe(
  'the PrestaShop module (integrations/prestashop/shopbeacon): what shoppers search and browse',
  { skip },
  () => {
    it("puts a category's page 2 at the end of the body, numbered on from page 1 by items_shown_from, with the listener for listings changed in place", async () => {
      const outcome = await request({
        config: settings('http://127.0.0.1:9'),
        cookies: ANONYMOUS,
        get: { id_category: '2' },
        listing: HOME_PAGE_2,
      });
      const calls = snippetCalls(outcome.body_end ?? '');
      assert.deepEqual(calls, [
        [
          'viewList',
          {
            list_id: 'category-2',
            list_name: 'Home',
            products: [
              {
                product_id: 13,
                position: 13,
                name: 'P13 <b>',
                price: 29.4,
                currency: 'EUR',
                url: 'https://shop.example/13-p.html#/1-size-s',
              },
              {
                product_id: 14,
                position: 14,
                name: 'P14 <b>',
                price: 12,
                currency: 'EUR',
                url: 'https://shop.example/14-p.html#/1-size-s',
              },
            ],
          },
        ],
      ]);
      assert.match(outcome.body_end ?? '', /p\.on\("updateProductList"/);
      assert.doesNotMatch(outcome.body_end ?? '', /<b>/, 'escaped for the script element');
      assert.deepEqual(outcome.listing?.['shopbeacon_list'], calls[0]![1], 'the same listing in the AJAX answer');
    });

    it('gives an AJAX answer (a facet, a sort, a page changed in place) its listing and no page end', async () => {
      const outcome = await request({
        config: settings('http://127.0.0.1:9'),
        cookies: ANONYMOUS,
        get: { id_category: '2' },
        listing: { ...HOME_PAGE_2, ajax: true },
      });
      assert.equal(outcome.body_end, null);
      assert.equal((outcome.listing?.['shopbeacon_list'] as { list_id: string }).list_id, 'category-2');
    });

    it('sends the search page as a search with its total and a listing named search; never a suggestion of the search box', async () => {
      const search = {
        page: 'search',
        label: 'Search results',
        total: 4,
        products: [presented(6, 10.12)],
        pagination: { items_shown_from: 1 },
      };
      const outcome = await request({
        config: settings('http://127.0.0.1:9'),
        cookies: ANONYMOUS,
        get: { s: ' mug ' },
        listing: search,
      });
      assert.deepEqual(
        snippetCalls(outcome.body_end ?? '').map(([name, event]) => [
          name,
          name === 'search' ? event : (event as { list_id: string; list_name: string }).list_id,
        ]),
        [
          ['search', { query: 'mug', results: 4 }],
          ['viewList', 'search'],
        ],
      );
      const suggestion = await request({
        config: settings('http://127.0.0.1:9'),
        cookies: ANONYMOUS,
        get: { s: 'mu' },
        listing: { ...search, ajax: true },
      });
      assert.equal(suggestion.body_end, null);
      const nothing = await request({
        config: settings('http://127.0.0.1:9'),
        cookies: ANONYMOUS,
        get: { s: 'zzz' },
        listing: { ...search, total: 0, products: [] },
      });
      assert.deepEqual(
        snippetCalls(nothing.body_end ?? ''),
        [['search', { query: 'zzz', results: 0 }]],
        'a search finding nothing is a search, with no listing',
      );
    });

    it('sends a search once, with its first page: never again for a later page loaded as a page, nor as 0 results for a page past the last', async () => {
      const page = (number: number, products: ReturnType<typeof presented>[], total: number) =>
        request({
          config: settings('http://127.0.0.1:9'),
          cookies: ANONYMOUS,
          get: { s: 'mug', ...(number > 1 ? { page: String(number) } : {}) },
          listing: {
            page: 'search',
            label: 'Search results',
            total,
            products,
            pagination: { items_shown_from: (number - 1) * 12 + 1, current_page: number, pages_count: 3 },
          },
        });
      const names = async (outcome: Promise<{ body_end?: string | null }>) =>
        snippetCalls((await outcome).body_end ?? '').map(([name]) => name);
      assert.deepEqual(await names(page(1, [presented(6, 10.12)], 30)), ['search', 'viewList']);
      assert.deepEqual(await names(page(3, [presented(7, 10.12)], 30)), ['viewList'], 'page 3 is the same search');
      assert.deepEqual(await names(page(9, [], 0)), [], 'a page past the last is no search finding nothing');
    });

    it('names the shop-wide listings by their controller and a brand by its id, and leaves a category without an id alone', async () => {
      const list = (page: string, get: Record<string, string> = {}) =>
        request({
          config: settings('http://127.0.0.1:9'),
          cookies: ANONYMOUS,
          get,
          listing: { page, label: page, products: [presented(6, 1)], pagination: { items_shown_from: 1 } },
        }).then((outcome) => (outcome.listing?.['shopbeacon_list'] as { list_id?: string } | undefined)?.list_id);
      assert.deepEqual(
        await Promise.all([
          list('new-products'),
          list('best-sales'),
          list('prices-drop'),
          list('manufacturer', { id_manufacturer: '1' }),
          list('category'),
        ]),
        ['new-products', 'best-sales', 'prices-drop', 'manufacturer-1', undefined],
      );
    });
  },
);

describe("every event the PrestaShop module sends is the catalogue's, field for field", { skip }, () => {
  let relay: FakeRelay;
  before(async () => {
    relay = await fakeRelay();
  });
  after(() => relay.close());

  it('sends Product Viewed, the cart events, Checkout Started, Order Completed, Products Searched and Product List Viewed with catalogued fields only', async () => {
    const config = settings(relay.url);
    const product = await request({ config, cookies: ANONYMOUS, product_page: 42 });
    await request({
      config,
      cookies: ANONYMOUS,
      actions: [
        ['add', 42, 2],
        ['add', 50, 1, 7],
        ['down', 42, 1],
      ],
    });
    await request({ config, cookies: ANONYMOUS, page: 'order', cart: [[42, 1]] });
    await request({
      config,
      cookies: ANONYMOUS,
      cart: [[42, 1]],
      orders: [{ id: 77, total: 29.4, lines: [[42, 1, 0, 29.4]] }],
      actions: [['validate', 0]],
    });
    const search = await request({
      config,
      cookies: ANONYMOUS,
      get: { s: 'mug' },
      listing: { page: 'search', total: 1, products: [presented(6, 10.12)], pagination: { items_shown_from: 1 } },
    });
    const sent: [string, unknown][] = [
      ...snippetCalls(product.head).filter(([name]) => name === 'viewProduct'),
      ...events(relay).map((e): [string, unknown] => [e.event_name, e.event]),
      ...snippetCalls(search.body_end ?? ''),
    ];
    assert.deepEqual(
      new Set(sent.map(([name]) => name)),
      new Set([
        'viewProduct',
        'Added To Cart',
        'Removed From Cart',
        'Checkout Started',
        'Order Completed',
        'search',
        'viewList',
      ]),
    );
    assert.deepEqual(
      sent.flatMap(([name, event]) => catalogueRefusals(name, event)),
      [],
    );
  });
});
