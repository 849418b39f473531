import { UNCATALOGUED_EVENT } from '../helpers/catalogue.js';
import { test, expect, sb, delivered, REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

test.describe('relay end to end in Chromium', () => {
  test('a click on add-to-cart reaches the service with the bearer token and the _sb_uid of the cookie, also after a reload', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await page.click('#add');
    await expect.poll(() => shop.mock.records('events').length).toBe(1);
    const uid = (await page.context().cookies()).find((c) => c.name === '_sb_uid')?.value;
    const [first] = shop.mock.records('events') as Record<string, unknown>[];
    expect(first).toMatchObject({
      user_id: uid,
      event_name: 'Added To Cart',
      event: { product_id: 42, name: 'Teapot', price: 24.5, currency: 'EUR', quantity: 1, url: `${shop.url}/` },
    });
    expect(first).not.toHaveProperty('event_id');
    // The mock answers 400 to a missing or wrong token: every call accepted means the token was sent.
    expect(shop.mock.calls().map((c) => c.status)).toEqual([200]);

    await page.reload();
    await page.click('#add');
    await expect.poll(() => shop.mock.records('events').length).toBe(2);
    expect((shop.mock.records('events')[1] as Record<string, unknown>)['user_id']).toBe(uid);
  });

  test("a product helper's event reaches the service with exactly the spec fields, url and quantity defaulted; a track call keeps its own", async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await sb(page, 'addToCart', {
      product_id: 5,
      name: 'Mug',
      price: 9.5,
      currency: 'EUR',
      color: 'red',
      image_url: null,
    });
    await sb(page, 'track', UNCATALOGUED_EVENT, { product_id: 5, color: 'red' });
    await expect.poll(() => delivered(shop).size).toBe(2);
    expect(delivered(shop).get('Added To Cart')!['event']).toEqual({
      product_id: 5,
      name: 'Mug',
      price: 9.5,
      currency: 'EUR',
      quantity: 1,
      url: `${shop.url}/`,
    });
    expect(delivered(shop).get(UNCATALOGUED_EVENT)!['event']).toEqual({ product_id: 5, color: 'red' });
  });

  test('a click on data-sb-event reaches the service with its data-sb-* attributes named and typed, and no other data-* attribute', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await page.click('#wish');
    await expect.poll(() => delivered(shop).size).toBe(1);
    expect(delivered(shop).get('Added To Wishlist')!['event']).toEqual({
      product_id: 'sku-42',
      list_name: 'summer',
      quantity: 2,
    });
  });

  test('the relay re-sets the identity cookies from the server, 400 days and 30 minutes, and the session start HttpOnly', async ({
    page,
    shop,
  }) => {
    const answers: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/sb/collect')) answers.push((await response.headerValue('set-cookie')) ?? '');
    });
    await page.goto(shop.url);
    await page.click('#add');
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toMatch(/_sb_uid=[\w-]+; Max-Age=34560000; Path=\/; SameSite=Lax/);
    expect(answers[0]).toMatch(/_sb_sid=[\w-]+; Max-Age=1800; Path=\/; SameSite=Lax/);
    expect(answers[0]).toMatch(/_sb_sst=[\w-]+\.\d{13}; Max-Age=1800; Path=\/; SameSite=Lax; HttpOnly/);
    const sessionCookie = (await page.context().cookies()).find((c) => c.name === '_sb_sid')?.value;
    expect(answers[0]).toContain(`_sb_sst=${sessionCookie}.`);
  });
});
