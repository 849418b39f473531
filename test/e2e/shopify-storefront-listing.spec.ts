import type { Page } from '@playwright/test';
import { test, expect, sb } from './support/relay-fixtures.js';
import { REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

/** The service's events of one name, as delivered. */
const named = (records: unknown[], name: string) =>
  (records as Record<string, unknown>[]).filter((e) => e['event_name'] === name);

/**
 * `shopify:product:view` as shopify.dev documents it: `context`, `product` (`ProductViewProduct`:
 * `id` the product GID, `title`, `handle`, `selectedVariant`, "`null` when no variant is selected,
 * such as a product card in a collection grid") and `selectedOptions`, on the event object itself.
 */
const productView = (
  context: string,
  digits: string,
  title: string,
  handle: string,
  selectedVariant: unknown = null,
) => ({
  context,
  product: { id: `gid://shopify/Product/${digits}`, title, handle, selectedVariant },
  selectedOptions: [],
});

/** Dispatches a standard event from an element of the theme's page, as the theme's view-event element does. */
const dispatch = (page: Page, selector: string, type: string, payload: unknown) =>
  page.evaluate(
    ([s, t, p]) => (window as unknown as { theme: { dispatch: (...a: unknown[]) => void } }).theme.dispatch(s, t, p),
    [selector, type, payload] as const,
  );

test.describe('the Shopify storefront companion: the theme’s standard events as listings, in Chromium', () => {
  test("a product page's recommendation cards are one listing named by the page's product, and a click on a card's link is that listing's Product Clicked", async ({
    page,
    shop,
  }) => {
    await page.goto(`${shop.url}/products/teapot`);
    await sb(page, 'ids');
    await dispatch(page, '#product', 'shopify:product:view', {
      ...productView('page', '8012345678905', 'Teapot', 'teapot', { price: { amount: '24.50', currencyCode: 'EUR' } }),
      selectedOptions: [{ name: 'Size', value: '1 l' }],
    });
    await dispatch(page, '#product', 'shopify:product:view', productView('dialog', '8012345678920', 'Cup', 'cup'));
    await dispatch(
      page,
      '#rec-1',
      'shopify:product:view',
      productView('recommendation', '8012345678911', 'Earl Grey', 'earl-grey'),
    );
    await dispatch(
      page,
      '#rec-2',
      'shopify:product:view',
      productView('recommendation', '8012345678912', 'Sencha', 'sencha', {
        price: { amount: '9.90', currencyCode: 'EUR' },
      }),
    );
    const records = () => shop.mock.records('events');
    await expect.poll(() => named(records(), 'Product List Viewed').length).toBe(1);
    const link = (handle: string, pid: string) =>
      `${shop.url}/products/${handle}?pr_prod_strat=collection_fallback&pr_rec_id=5c1&pr_rec_pid=${pid}&pr_ref_pid=8012345678905&pr_seq=uniform`;
    expect(named(records(), 'Product List Viewed').map((e) => e['event'])).toEqual([
      {
        list_id: 'recommendation-8012345678905',
        list_name: 'Recommendations',
        products: [
          { product_id: 8012345678911, position: 1, name: 'Earl Grey', url: link('earl-grey', '8012345678911') },
          {
            product_id: 8012345678912,
            position: 2,
            name: 'Sencha',
            price: 9.9,
            currency: 'EUR',
            url: link('sencha', '8012345678912'),
          },
        ],
      },
    ]);

    await page.click('#rec-1 img');
    await page.waitForURL('**/products/earl-grey**');
    await expect.poll(() => named(records(), 'Product Clicked').length).toBe(1);
    expect(named(records(), 'Product Clicked').map((e) => e['event'])).toEqual([
      { product_id: 8012345678911, position: 1, list_id: 'recommendation-8012345678905' },
    ]);
  });

  test("a collection's grid is its collection-<id> listing, a later batch of cards going on from the first's positions", async ({
    page,
    shop,
  }) => {
    await page.goto(`${shop.url}/collections/teas`);
    await sb(page, 'ids');
    // `StandardEventCollection`: `id` the collection GID (null for the built-in all-products), `handle`, `productsCount`.
    await dispatch(page, '#grid', 'shopify:collection:view', {
      collection: { id: 'gid://shopify/Collection/4412345', handle: 'teas', productsCount: 3 },
    });
    await dispatch(
      page,
      '#col-1',
      'shopify:product:view',
      productView('collection', '8012345678931', 'Assam', 'assam'),
    );
    await dispatch(
      page,
      '#col-2',
      'shopify:product:view',
      productView('collection', '8012345678932', 'Darjeeling', 'darjeeling'),
    );
    const records = () => shop.mock.records('events');
    await expect.poll(() => named(records(), 'Product List Viewed').length).toBe(1);
    await dispatch(
      page,
      '#col-3',
      'shopify:product:view',
      productView('collection', '8012345678933', 'Oolong', 'oolong'),
    );
    await expect.poll(() => named(records(), 'Product List Viewed').length).toBe(2);
    const listings = named(records(), 'Product List Viewed').map((e) => e['event'] as Record<string, unknown>);
    expect(listings.map((l) => l['list_id'])).toEqual(['collection-4412345', 'collection-4412345']);
    expect(listings.flatMap((l) => l['products'] as Record<string, unknown>[])).toEqual([
      { product_id: 8012345678931, position: 1, name: 'Assam', url: `${shop.url}/collections/teas/products/assam` },
      {
        product_id: 8012345678932,
        position: 2,
        name: 'Darjeeling',
        url: `${shop.url}/collections/teas/products/darjeeling`,
      },
      { product_id: 8012345678933, position: 3, name: 'Oolong', url: `${shop.url}/collections/teas/products/oolong` },
    ]);
  });
});
