import { expect } from '@playwright/test';
import { open, publish, test } from './support/shopify-pixel-page.js';
import { REAL_VISITOR } from './support/relay-fixtures.js';
import { CART_LINE, PRODUCT_VIEWED } from './fixtures/shopify-events.js';

test.use(REAL_VISITOR);

test.describe('Shopify custom pixel: who the visitor is', () => {
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
});
