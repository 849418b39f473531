import { expect } from '@playwright/test';
import { byName, consent, cookieNames, open, privacy, publish, test } from './support/shopify-pixel-page.js';
import { REAL_VISITOR } from './support/relay-fixtures.js';
import {
  CART_LINE,
  CHECKOUT_COMPLETED,
  CHECKOUT_STARTED,
  COLLECTION_VIEWED,
  PRODUCT_VIEWED,
  VARIANT,
} from './fixtures/shopify-events.js';

test.use(REAL_VISITOR);

test.describe('Shopify custom pixel, in a sandbox reproduced as Shopify documents it', () => {
  test('a collection page 2 is a listing going on from page 1, a search is a search and a listing, and a click on a listed product is its Product Clicked', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/collections/t-shirts`);
    await publish(page, 'collection_viewed', COLLECTION_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/collections/t-shirts?page=2`);
    await publish(page, 'collection_viewed', COLLECTION_VIEWED);
    await publish(page, 'clicked', {
      element: {
        href: `${sandbox.url}/collections/t-shirts/products/long-sleeve`,
        tagName: 'A',
        id: null,
        name: null,
        type: null,
        value: null,
      },
    });
    await expect.poll(() => sandbox.events().length).toBe(3);
    await open(page, `${sandbox.url}/search?q=shirt`);
    await publish(page, 'search_submitted', { searchResult: { query: 'shirt', productVariants: [VARIANT] } });
    await expect.poll(() => sandbox.events().length).toBe(5);
    const listings = sandbox.events().filter((event) => event['event_name'] === 'Product List Viewed');
    expect(
      listings.map((event) => (event['event'] as { products: { position: number }[] }).products.map((p) => p.position)),
    ).toEqual([[1, 2], [3, 4], [1]]);
    expect(listings.map((event) => (event['event'] as { list_id: string }).list_id)).toEqual([
      'collection-466590564638',
      'collection-466590564638',
      'search',
    ]);
    expect(byName(sandbox).get('Product Clicked')?.['event']).toEqual({
      product_id: 8012345678906,
      position: 4,
      list_id: 'collection-466590564638',
    });
    expect(byName(sandbox).get('Products Searched')?.['event']).toEqual({ query: 'shirt' });
  });

  test('product viewed, added to cart, removed from cart, checkout started and checkout completed reach the service with the exact fields', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'page_viewed', {});
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await publish(page, 'product_removed_from_cart', CART_LINE);
    await publish(page, 'checkout_started', CHECKOUT_STARTED);
    await publish(page, 'checkout_completed', CHECKOUT_COMPLETED);
    await expect.poll(() => sandbox.events().length).toBe(5);
    const events = byName(sandbox);
    const product = {
      product_id: 8012345678905,
      name: 'Short Sleeve T-shirt',
      product_type: 'T-shirt',
      price: 29.99,
      currency: 'EUR',
      url: `${sandbox.url}/products/short-sleeve-t-shirt`,
      image_url: 'http://cdn.shopify.com/s/files/1/0602/1234/5678/products/short-sleeve-t-shirt.jpg?v=1667416234',
    };
    expect(events.get('Product Viewed')?.['event']).toEqual({ ...product, quantity: 1 });
    expect(events.get('Added To Cart')?.['event']).toEqual({ ...product, quantity: 2 });
    expect(events.get('Removed From Cart')?.['event']).toEqual({ ...product, quantity: 2 });
    // The items as the WooCommerce plugin and the PrestaShop module send them: the product's fields and the quantity.
    const items = [{ ...product, quantity: 2 }];
    expect(events.get('Checkout Started')?.['event']).toEqual({ order_value: 64.88, currency: 'EUR', items });
    expect(events.get('Order Completed')?.['event']).toEqual({
      order_id: 5678901234567,
      order_value: 64.88,
      currency: 'EUR',
      items,
    });
    const ids = new Set(sandbox.events().map((event) => `${event['user_id']} ${event['session_id']}`));
    expect(ids.size).toBe(1);
  });

  test('keeps the visitor and the session across two page loads in first-party cookies of the top frame', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/products/other`);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect.poll(() => sandbox.events().length).toBe(2);
    const [viewed, added] = sandbox.events();
    expect(viewed!['user_id']).toMatch(/^[\w-]{8,64}$/);
    expect(added!['user_id']).toBe(viewed!['user_id']);
    expect(added!['session_id']).toBe(viewed!['session_id']);
    const cookies = new Map((await page.context().cookies(sandbox.url)).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies.get('_sb_uid')).toBe(viewed!['user_id']);
    expect(cookies.get('_sb_sid')).toBe(viewed!['session_id']);
  });

  test('identifies a logged-in customer by init.data.customer.id, as identify does, and keeps the session', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt?customer=7034983260254`);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect.poll(() => sandbox.events().length).toBe(2);
    const [anonymous, identified] = sandbox.events();
    expect(identified!['user_id']).toBe('7034983260254');
    expect(identified!['session_id']).toBe(anonymous!['session_id']);
    const uid = (await page.context().cookies(sandbox.url)).find((cookie) => cookie.name === '_sb_uid');
    expect(uid?.value).toBe('~7034983260254');
  });

  test('sends nothing before the visitor consents to analytics, then what was held', async ({ page, sandbox }) => {
    const sent: number[] = [];
    page.on('request', (request) => request.url().endsWith('/collect') && sent.push(Date.now()));
    await page.clock.install();
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt?consent=0`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await page.clock.runFor(120_000);
    expect(sent).toEqual([]);
    expect(await cookieNames(page, sandbox.url)).toEqual([]);
    await consent(page, true);
    await page.clock.runFor(1_000);
    await expect
      .poll(() => sandbox.events().map((event) => event['event_name']))
      .toEqual(['Product Viewed', 'Added To Cart']);
  });

  test('set to --consent analytics,marketing, waits for both: analytics alone stores and sends nothing, then what was held goes once marketing is allowed', async ({
    page,
    sandbox,
  }) => {
    const sent: number[] = [];
    page.on('request', (request) => request.url().endsWith('/collect') && sent.push(Date.now()));
    await page.clock.install();
    await open(
      page,
      `${sandbox.url}/products/short-sleeve-t-shirt?pixel-consent=analytics,marketing&privacy=analytics`,
    );
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await page.clock.runFor(120_000);
    expect(sent).toEqual([]);
    expect(await cookieNames(page, sandbox.url)).toEqual([]);
    await privacy(page, {
      analyticsProcessingAllowed: true,
      marketingAllowed: true,
      preferencesProcessingAllowed: false,
      saleOfDataAllowed: false,
    });
    await page.clock.runFor(1_000);
    await expect.poll(() => sandbox.events().map((event) => event['event_name'])).toEqual(['Product Viewed']);
  });

  test('stops at once when the visitor withdraws a chosen permission: nothing more is sent and the ids are gone', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt?pixel-consent=analytics,marketing`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    expect(await cookieNames(page, sandbox.url)).toEqual(['_sb_sid=…', '_sb_uid=…']);
    await privacy(page, {
      analyticsProcessingAllowed: true,
      marketingAllowed: false,
      preferencesProcessingAllowed: true,
      saleOfDataAllowed: true,
    });
    await expect.poll(() => cookieNames(page, sandbox.url)).toEqual(['_sb_c=0']);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await open(page, `${sandbox.url}/products/other?pixel-consent=analytics,marketing&privacy=analytics`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    // A last page whose visitor allows everything sends: the events before it were held or refused, not lost on the way.
    await open(page, `${sandbox.url}/products/third`);
    await privacy(page, {
      analyticsProcessingAllowed: true,
      marketingAllowed: true,
      preferencesProcessingAllowed: true,
      saleOfDataAllowed: true,
    });
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect.poll(() => sandbox.events().length).toBe(2);
    expect(sandbox.events().map((event) => event['event_name'])).toEqual(['Product Viewed', 'Added To Cart']);
  });
});
