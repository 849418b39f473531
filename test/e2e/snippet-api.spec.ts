import { UNCATALOGUED_HELPER } from '../helpers/catalogue.js';
import { test, expect, sb } from './support/fixtures.js';

test.describe('snippet: the install stub and the API', () => {
  test('calls made before the script loaded are replayed in order', async ({ page, collector, errors }) => {
    await page.goto(`${collector.url}/shop.html`);
    await expect.poll(() => collector.events().length).toBe(3);
    expect(collector.events().map((e) => e.event_name)).toEqual(['Queued First', 'viewProduct', 'Queued Third']);
    expect(errors).toEqual([]);
  });

  test('sends a text/plain batch {"events":[...], sent_at} with event_id, the capture time, the UTC offset and both ids', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/shop.html`);
    await expect.poll(() => collector.events().length).toBe(3);
    const request = collector.requests[0]!;
    const offset = await page.evaluate(() => 0 - new Date().getTimezoneOffset());
    expect(request.contentType).toBe('text/plain;charset=UTF-8');
    expect(Math.abs(Number(request.body.sent_at) - Date.now())).toBeLessThan(60_000);
    for (const event of request.body.events) {
      expect(event.event_id).toMatch(/^[\w-]{20}$/);
      // The relay writes the service's `datetime` from these two.
      expect(Number(event.captured_at)).toBeLessThanOrEqual(Number(request.body.sent_at));
      expect(event.utc_offset).toBe(offset);
      expect(event.user_id).toMatch(/^[\w-]{20}$/);
      expect(event.session_id).toMatch(/^[\w-]{20}$/);
    }
  });

  test("addToCart sends its helper's name marked helper: 1 (the relay names it Added To Cart and keeps the catalogue's fields), url and quantity defaulted", async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'addToCart', { product_id: 5, name: 'Mug', price: 9.5, currency: 'EUR', quantity: 3 });
    await sb(page, 'addToCart', { product_id: 6 });
    await sb(page, 'track', 'Added To Cart', { product_id: 7 });
    await expect.poll(() => collector.events().length).toBe(3);
    const [helper, defaulted, tracked] = collector.events();
    expect(helper).toMatchObject({
      event_name: 'addToCart',
      helper: 1,
      event: { product_id: 5, name: 'Mug', price: 9.5, currency: 'EUR', quantity: 3 },
    });
    expect(defaulted).toMatchObject({
      helper: 1,
      event: { product_id: 6, quantity: 1, url: `${collector.url}/plain.html` },
    });
    expect(tracked).not.toHaveProperty('helper');
  });

  test("removeFromCart, viewProduct, purchase and a helper the catalogue lacks go by their helpers' names, for the relay to name or refuse", async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'removeFromCart', { product_id: 5, quantity: 2 });
    await sb(page, 'viewProduct', { product_id: 6 });
    await sb(page, 'purchase', { order_id: 77, order_value: 12.5, currency: 'EUR' });
    await sb(page, UNCATALOGUED_HELPER, { product_id: 8 });
    await expect.poll(() => collector.events().length).toBe(4);
    expect(collector.events().map((e) => [e.event_name, e.helper])).toEqual([
      ['removeFromCart', 1],
      ['viewProduct', 1],
      ['purchase', 1],
      [UNCATALOGUED_HELPER, 1],
    ]);
    expect(collector.events()[2]!.event).toMatchObject({ order_id: 77, order_value: 12.5, currency: 'EUR' });
  });

  test("a click on data-sb-add-to-cart sends the element's data-* attributes as they are, the page as sbUrl, marked helper: 1 and attributes: 1", async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/shop.html`);
    await expect.poll(() => collector.events().length).toBe(3);
    await page.click('#add');
    await expect.poll(() => collector.events().length).toBe(4);
    // The relay names and types them; relay.spec.ts checks what the service gets.
    expect(collector.events()[3]).toMatchObject({ event_name: 'addToCart', helper: 1, attributes: 1 });
    expect(collector.events()[3]!.event).toEqual({
      sbUrl: `${collector.url}/shop.html`,
      sbAddToCart: '',
      sbProductId: '7',
      sbName: 'Lamp',
      sbPrice: '29.90',
      sbCurrency: 'EUR',
      sbQuantity: '2',
      sbImageUrl: '/img/7.png',
    });
  });

  test("a click on data-sb-event sends that event name with the element's data-* attributes, marked attributes: 1 only", async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/shop.html`);
    await page.click('#wish');
    await expect.poll(() => collector.events().some((e) => e.event_name === 'Added To Wishlist')).toBe(true);
    const wish = collector.events().find((e) => e.event_name === 'Added To Wishlist')!;
    expect(wish.event).toEqual({ sbEvent: 'Added To Wishlist', sbProductId: 'sku-7' });
    expect(wish).toMatchObject({ attributes: 1 });
    expect(wish).not.toHaveProperty('helper');
  });

  test('ids returns the current user_id and session_id, and calls a callback given before load', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    const ids = (await sb(page, 'ids')) as { user_id: string; session_id: string };
    expect(ids.user_id).toMatch(/^[\w-]{20}$/);
    const fromCallback = await page.evaluate(
      () =>
        new Promise((resolve) =>
          (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('ids', resolve),
        ),
    );
    expect(fromCallback).toEqual(ids);
  });

  test('defines no global but shopbeacon', async ({ page, collector }) => {
    const before = await page.evaluate(() => Object.keys(window));
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    const blank = await page.evaluate(() => {
      const frame = document.createElement('iframe');
      document.body.append(frame);
      const keys = Object.keys(frame.contentWindow!);
      frame.remove();
      return keys;
    });
    const added = (await page.evaluate(() => Object.keys(window))).filter(
      (k) => !blank.includes(k) && !before.includes(k),
    );
    expect(added).toEqual(['shopbeacon']);
  });
});
