import { test, expect, sb, REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

/** The service's events of one name, as delivered. */
const named = (records: unknown[], name: string) =>
  (records as Record<string, unknown>[]).filter((e) => e['event_name'] === name);

test.describe('snippet: what shoppers search and browse, through the relay, in Chromium', () => {
  test("a search and a listing reach the service as the catalogue names them, and a click on a listed link is that listing's Product Clicked", async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    const products = [
      { product_id: 50, position: 17, name: 'Tee', price: 15, currency: 'EUR', url: `${shop.url}/next#/2-size-m` },
      { product_id: 51, position: 18, name: 'Mug', price: 9, currency: 'EUR', url: `${shop.url}/other` },
    ];
    await sb(page, 'search', { query: 'tee', results: 2 });
    await sb(page, 'viewList', { list_id: 'search', list_name: 'Search results', products });
    await page.click('#listed');
    await page.waitForURL('**/next**');
    const records = () => shop.mock.records('events');
    await expect.poll(() => named(records(), 'Product Clicked').length).toBe(1);
    expect(named(records(), 'Products Searched').map((e) => e['event'])).toEqual([{ query: 'tee', results: 2 }]);
    expect(named(records(), 'Product List Viewed').map((e) => e['event'])).toEqual([
      { list_id: 'search', list_name: 'Search results', products },
    ]);
    expect(named(records(), 'Product Clicked').map((e) => e['event'])).toEqual([
      { product_id: 50, position: 17, list_id: 'search' },
    ]);
    const visitor = new Set((records() as Record<string, unknown>[]).map((e) => e['user_id']));
    expect(visitor.size).toBe(1);
  });

  test("a product listed in two marked blocks is credited to the block clicked, though the other block's listing was viewed last", async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    const kettle = { product_id: 16, name: 'Kettle', price: 11.89, currency: 'EUR', url: `${shop.url}/next?kettle` };
    await sb(page, 'viewList', { list_id: 'upsell-18', products: [{ ...kettle, position: 1 }] });
    const grinder = { product_id: 22, position: 1, url: `${shop.url}/next?grinder` };
    await sb(page, 'viewList', { list_id: 'related-18', products: [grinder, { ...kettle, position: 3 }] });
    await page.click('#upsell-kettle');
    await page.waitForURL('**/next?kettle');
    await expect.poll(() => named(shop.mock.records('events'), 'Product Clicked').length).toBe(1);
    expect(named(shop.mock.records('events'), 'Product Clicked')[0]!['event']).toEqual({
      product_id: 16,
      position: 1,
      list_id: 'upsell-18',
    });
  });

  test("a click on an image inside a marked listing's product is a Product Clicked of data-sb-list at data-sb-position", async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await sb(page, 'ids');
    await page.click('#marked img');
    await page.waitForURL('**/next');
    await expect.poll(() => named(shop.mock.records('events'), 'Product Clicked').length).toBe(1);
    expect(named(shop.mock.records('events'), 'Product Clicked')[0]!['event']).toEqual({
      product_id: 44,
      position: 3,
      list_id: 'category-7',
    });
  });

  test('the add to cart on the next page, and the purchase after it, name the search the product was clicked from, its position and the query', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    const products = [
      { product_id: 50, position: 17, name: 'Tee', price: 15, currency: 'EUR', url: `${shop.url}/next` },
    ];
    await sb(page, 'search', { query: 'tee', results: 1 });
    await sb(page, 'viewList', { list_id: 'search', products });
    await page.click('#listed');
    await page.waitForURL('**/next**');
    await sb(page, 'addToCart', { product_id: 50, price: 15, currency: 'EUR' });
    await sb(page, 'addToCart', { product_id: 51, price: 9, currency: 'EUR' });
    await sb(page, 'purchase', {
      order_id: 9,
      order_value: 24,
      currency: 'EUR',
      items: [{ product_id: 50 }, { product_id: 51 }],
    });
    await sb(page, 'flush');
    const records = () => shop.mock.records('events');
    await expect.poll(() => named(records(), 'Order Completed').length).toBe(1);
    const clicked = { list_id: 'search', position: 17, query: 'tee' };
    expect(named(records(), 'Added To Cart').map((e) => e['event'])).toEqual([
      expect.objectContaining({ product_id: 50, ...clicked }),
      expect.not.objectContaining({ list_id: expect.anything() }),
    ]);
    expect(named(records(), 'Order Completed')[0]!['event']).toMatchObject({
      items: [{ product_id: 50, ...clicked }, { product_id: 51 }],
    });
  });
});
