import { expect } from '@playwright/test';
import { consent, cookieNames, open, publish, test } from './support/shopify-pixel-page.js';
import { REAL_VISITOR } from './support/relay-fixtures.js';
import {
  CART_LINE,
  CHECKOUT_COMPLETED,
  COLLECTION_VIEWED,
  PRODUCT_VIEWED,
  VARIANT,
} from './fixtures/shopify-events.js';

test.use(REAL_VISITOR);

test.describe('Shopify custom pixel: where a product came from, and who the visitor is', () => {
  test('an added product names the listing it was clicked from, or the last listing that showed it where the click reached no link, and its order line keeps it; one added without either names none', async ({
    page,
    sandbox,
  }) => {
    const [, longSleeve] = COLLECTION_VIEWED.collection.productVariants;
    await open(page, `${sandbox.url}/collections/t-shirts`);
    await publish(page, 'collection_viewed', COLLECTION_VIEWED);
    await publish(page, 'clicked', {
      element: {
        href: `${sandbox.url}/products/long-sleeve`,
        tagName: 'A',
        id: null,
        name: null,
        type: null,
        value: null,
      },
    });
    // Each page's events are sent before the next page opens, as the other tests do.
    await expect.poll(() => sandbox.events().length).toBe(2);
    await open(page, `${sandbox.url}/products/long-sleeve`);
    await publish(page, 'product_viewed', { productVariant: longSleeve });
    await publish(page, 'product_added_to_cart', { cartLine: { ...CART_LINE.cartLine, merchandise: longSleeve } });
    await expect.poll(() => sandbox.events().length).toBe(4);
    // A search whose result's image took the click: no link, no Product Clicked; its product page follows.
    await open(page, `${sandbox.url}/search?q=shirt`);
    await publish(page, 'search_submitted', { searchResult: { query: 'shirt', productVariants: [VARIANT] } });
    await publish(page, 'clicked', {
      element: { href: null, tagName: 'IMG', id: null, name: null, type: null, value: null },
    });
    await expect.poll(() => sandbox.events().length).toBe(6);
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect.poll(() => sandbox.events().length).toBe(8);
    const unlisted = { ...VARIANT, product: { ...VARIANT.product, id: '8012345678999', url: '/products/socks' } };
    await open(page, `${sandbox.url}/products/socks`);
    await publish(page, 'product_added_to_cart', { cartLine: { ...CART_LINE.cartLine, merchandise: unlisted } });
    await expect.poll(() => sandbox.events().length).toBe(9);
    const lines = [VARIANT, longSleeve, unlisted].map((variant) => ({
      ...CHECKOUT_COMPLETED.checkout.lineItems[0],
      variant,
    }));
    await open(page, `${sandbox.url}/checkouts/thank-you`);
    await publish(page, 'checkout_completed', { checkout: { ...CHECKOUT_COMPLETED.checkout, lineItems: lines } });
    const named = (event: Record<string, unknown>) => {
      const { product_id, list_id, position, query } = event as Record<string, unknown>;
      return { product_id, list_id, position, query };
    };
    await expect.poll(() => sandbox.events().length).toBe(10);
    const added = sandbox.events().filter((event) => event['event_name'] === 'Added To Cart');
    expect(added.map((event) => named(event['event'] as Record<string, unknown>))).toEqual([
      { product_id: 8012345678906, list_id: 'collection-466590564638', position: 2, query: undefined },
      { product_id: 8012345678905, list_id: 'search', position: 1, query: 'shirt' },
      { product_id: 8012345678999, list_id: undefined, position: undefined, query: undefined },
    ]);
    const order = sandbox.events().find((event) => event['event_name'] === 'Order Completed')!;
    expect((order['event'] as { items: Record<string, unknown>[] }).items.map(named)).toEqual([
      { product_id: 8012345678905, list_id: 'search', position: 1, query: 'shirt' },
      { product_id: 8012345678906, list_id: 'collection-466590564638', position: 2, query: undefined },
      { product_id: 8012345678999, list_id: undefined, position: undefined, query: undefined },
    ]);
  });

  test("a Safari shopper back after a week, whose script-written cookies and storage WebKit deleted, is the same visitor through Shopify's client id", async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    const shopify = (await page.context().cookies(sandbox.url)).find((cookie) => cookie.name === '_shopify_y')!;
    // What ITP leaves after 7 days: the cookies the server set, not those written by script, nor localStorage.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.context().addCookies([shopify]);
    await open(page, `${sandbox.url}/products/other`);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect.poll(() => sandbox.events().length).toBe(2);
    const [before, after] = sandbox.events();
    expect(after!['user_id']).toBe(before!['user_id']);
    expect(after!['session_id']).not.toBe(before!['session_id']);
  });

  test('on a page that sends nothing but page_viewed, a visitor withdrawing their consent is forgotten at once', async ({
    page,
    sandbox,
  }) => {
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => cookieNames(page, sandbox.url)).toEqual(['_sb_sid=…', '_sb_uid=…']);
    await open(page, `${sandbox.url}/collections/all`);
    await publish(page, 'page_viewed', {});
    await consent(page, false);
    await expect.poll(() => cookieNames(page, sandbox.url)).toEqual(['_sb_c=0']);
  });
});
