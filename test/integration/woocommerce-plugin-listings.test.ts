import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { pluginSettings, runPluginRequest, skip, ANONYMOUS, events } from '../helpers/woocommerce-plugin.js';
import { catalogueRefusals, listingElements, snippetCalls } from '../helpers/catalogue.js';

const TEAPOT = {
  product_id: 42,
  name: 'Teapot',
  price: 24.5,
  currency: 'EUR',
  url: 'https://shop.example/product/teapot/',
};
const TEE = { product_id: 50, name: 'Tee', price: 15, currency: 'EUR', url: 'https://shop.example/product/tee/' };

describe('the WooCommerce plugin (integrations/woocommerce): what shoppers search and browse', { skip }, () => {
  const h = relayForSuite();

  it("puts a category's page 2 inside the Product Collection block that inherits the main query, numbered on from page 1, and the script that sends it in the footer", async () => {
    const listing = {
      type: 'product_cat' as const,
      term_id: 19,
      name: 'Tea &amp; Coffee',
      posts: [42, 50],
      paged: 2,
      per_page: 16,
    };
    const request = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      listing,
      block: 'inherit',
    });
    const lists = listingElements(request.block ?? '');
    assert.deepEqual(lists, [
      {
        list_id: 'category-19',
        list_name: 'Tea & Coffee',
        products: [
          { ...TEAPOT, position: 17 },
          { ...TEE, position: 18 },
        ],
      },
    ]);
    assert.match(
      request.block ?? '',
      /<\/script><\/div>$/,
      'inside the block, so a client-side page change brings the next one',
    );
    assert.match(
      request.block ?? '',
      /^<div data-sb-list="category-19" class="wp-block-woocommerce-product-collection">/,
    );
    assert.deepEqual(listingElements(request.footer), [], 'not twice');
    assert.match(request.footer, /wc-blocks_product_list_rendered/);
    assert.deepEqual(catalogueRefusals('viewList', lists[0]), []);
    assert.doesNotMatch(request.head, /viewList/);
  });

  it("puts a classic loop's listing in the footer, and leaves a block with a query of its own and a page without a listing alone", async () => {
    const options = pluginSettings(h.url, ADMIN_KEY);
    const classic = await runPluginRequest({ options, cookies: ANONYMOUS, listing: { type: 'shop', posts: [50] } });
    assert.deepEqual(listingElements(classic.footer), [
      { list_id: 'shop', list_name: 'Shop & more', products: [{ ...TEE, position: 1 }] },
    ]);
    const own = await runPluginRequest({
      options,
      cookies: ANONYMOUS,
      block: 'own',
      listing: { type: 'product_tag', term_id: 4, name: 'Gifts', posts: [42] },
    });
    assert.doesNotMatch(own.block ?? '', /shopbeacon-list/);
    assert.deepEqual(listingElements(own.footer)[0]?.['list_id'], 'tag-4');
    const plain = await runPluginRequest({ options, cookies: ANONYMOUS, block: 'inherit' });
    assert.equal(plain.block, '<div class="wp-block-woocommerce-product-collection"><ul></ul></div>');
    assert.equal(plain.footer, '');
  });

  it('sends a product search from the browser with what WordPress found, so a shopper landing on the results counts, and lists its results as search', async () => {
    const listing = {
      type: 'search' as const,
      post_type: 'product',
      query: 'tea </script>',
      posts: [42, 50],
      found: 23,
    };
    const request = await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY), cookies: {}, listing });
    assert.deepEqual(snippetCalls(request.head), [['search', { query: 'tea </script>', results: 23 }]]);
    assert.equal(request.head.match(/<\/script>/g)?.length, 3, 'the query cannot end the script element');
    assert.deepEqual(listingElements(request.footer)[0]?.['list_id'], 'search');
    const other = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      listing: { type: 'search', post_type: 'post', query: 'x', posts: [] },
    });
    assert.equal(other.footer, '', 'a search of posts is not a product search');
    assert.doesNotMatch(other.head, /"search"/);
  });

  it('sends a search with one result from the server, before WooCommerce redirects it to its product', async () => {
    const query = `teapot ${Math.random().toString(36).slice(2, 8)}`;
    const listing = { type: 'search' as const, post_type: 'product', query, posts: [42], found: 1 };
    const request = await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY), cookies: ANONYMOUS, listing });
    const searched = () => events(h).find((e) => (e['event'] as { query?: string }).query === query);
    await until(() => searched() !== undefined, 'the search');
    assert.deepEqual(searched()!['event'], { query, results: 1 });
    assert.equal(searched()!['user_id'], ANONYMOUS._sb_uid);
    assert.doesNotMatch(request.head, /"search"/, 'not twice');
  });

  it("hands a one-result search that is a new visitor's first page to the product page WooCommerce redirects to, whose snippet sends it", async () => {
    const query = 'teapot für zwei';
    const listing = { type: 'search' as const, post_type: 'product', query, posts: [42], found: 1 };
    const options = pluginSettings(h.url, ADMIN_KEY);
    const searched = await runPluginRequest({ options, cookies: {}, listing });
    const [handed] = searched.cookies_set;
    assert.deepEqual(
      [handed?.name, handed?.options.httponly, JSON.parse(Buffer.from(handed?.value ?? '', 'base64').toString())],
      ['shopbeacon_search', true, { query, results: 1 }],
    );
    assert.ok(handed!.options.expires - Date.now() / 1000 <= 60, 'for the redirect only');
    const product = await runPluginRequest({
      options,
      cookies: { shopbeacon_search: handed!.value },
      product_page: 42,
    });
    assert.deepEqual(snippetCalls(product.head).slice(-1), [['search', { query, results: 1 }]]);
    assert.deepEqual(
      product.cookies_set.map((c) => [c.name, c.value, c.options.expires < Date.now() / 1000]),
      [['shopbeacon_search', '', true]],
      'spent',
    );
    const refused = await runPluginRequest({ options, cookies: {}, listing, server: { HTTP_SEC_GPC: '1' } });
    assert.deepEqual(refused.cookies_set, [], 'no cookie for a shopper who refuses tracking');
    const forged = await runPluginRequest({
      options,
      cookies: { shopbeacon_search: Buffer.from('{"query":["x"],"results":"1"}').toString('base64') },
      product_page: 42,
    });
    assert.doesNotMatch(forged.head, /"search"/);
  });

  it('escapes what could end the script element in a listing', async () => {
    const request = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      listing: { type: 'shop', posts: [43] },
    });
    assert.equal(request.footer.match(/<\/script>/g)?.length, 2);
    assert.equal(
      listingElements(request.footer)[0]?.['products'] &&
        (listingElements(request.footer)[0]!['products'] as { name: string }[])[0]!.name,
      'Mug </script><script>alert(1)</script>',
    );
  });
});

describe("every event the WooCommerce plugin sends is the catalogue's, field for field", { skip }, () => {
  const h = relayForSuite();

  it('sends Product Viewed, the cart events, Checkout Started, Order Completed, Products Searched and Product List Viewed with catalogued fields only', async () => {
    const options = pluginSettings(h.url, ADMIN_KEY);
    const before = events(h).length;
    const page = await runPluginRequest({
      options,
      cookies: ANONYMOUS,
      product_page: 42,
      actions: [
        ['add', 42, 2],
        ['add', 50, 1, 51],
        ['remove', 42, 1],
      ],
    });
    const checkout = await runPluginRequest({
      options,
      cookies: ANONYMOUS,
      page: 'checkout',
      cart: [
        [42, 1],
        [50, 2, 51],
      ],
    });
    const order = {
      id: 7001,
      total: 54.5,
      currency: 'EUR',
      lines: [
        [42, 1, 0, 24.5],
        [50, 2, 51, 15],
      ] as [number, number, number, number][],
    };
    await runPluginRequest({ options, cookies: ANONYMOUS, order, actions: [['order-store-api', 7001]] });
    const search = await runPluginRequest({
      options,
      cookies: ANONYMOUS,
      listing: { type: 'search', post_type: 'product', query: 'tee', posts: [50, 42], found: 2 },
    });
    await until(() => events(h).length >= before + 5, 'the server-side events');
    const sent: [string, unknown][] = [
      ...snippetCalls(page.head).filter(([name]) => name === 'viewProduct'),
      ...events(h)
        .slice(before)
        .map((e): [string, unknown] => [String(e['event_name']), e['event']]),
      ...snippetCalls(search.head).filter(([name]) => name === 'search'),
      ...listingElements(search.footer).map((list): [string, unknown] => ['viewList', list]),
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
    assert.ok(checkout);
  });
});
