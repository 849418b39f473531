import { test as base, expect, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.mjs';
import { DemoRelay } from './support/demo-relay.js';

const browser = findChromium();
const test = base.extend<{ demo: DemoRelay; errors: string[] }>({
  demo: async ({}, use) => {
    const demo = await new DemoRelay().start();
    await use(demo);
    await demo.stop();
  },
  errors: async ({ context }, use) => {
    const errors: string[] = [];
    context.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    context.on('weberror', (error) => errors.push(error.error().message));
    await use(errors);
  },
});

// A visitor's browser (desktop user agent, no navigator.webdriver): the bot filter stays on.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  viewport: { width: 1360, height: 900 },
  launchOptions: {
    // The flag, not only Playwright's override, so that beacons carry this user agent too.
    args: [
      ...CHROMIUM_ARGS,
      '--disable-blink-features=AutomationControlled',
      '--user-agent=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    ...(browser && browser.source !== 'playwright' ? { executablePath: browser.path } : {}),
  },
});

async function shop(page: Page): Promise<number> {
  await page.locator('.product-card', { hasText: 'Harbour Mug' }).getByRole('button', { name: 'Add to cart' }).click();
  await page.locator('.product-card', { hasText: 'Trail Bottle' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('#cart-count')).toHaveText('2');
  await page.getByRole('link', { name: /Cart/ }).click();
  await page.locator('.cart-line', { hasText: 'Trail Bottle' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  const heading = await page.locator('#confirmation h2').textContent();
  return Number(/Order (\d+)/.exec(heading ?? '')?.[1]);
}

test.describe('npm start: the demo storefront and the live debugger', () => {
  test('a visit, two adds, a removal and a checkout reach the service with the visitor user_id, and the debugger shows each delivered', async ({
    page,
    demo,
    errors,
  }, testInfo) => {
    await page.goto(`${demo.url}/products/101`);
    await page.goto(`${demo.url}/`);
    const orderId = await shop(page);
    expect(orderId).toBeGreaterThan(0);
    const userId = (await page.context().cookies()).find((c) => c.name === '_sb_uid')?.value;
    expect(userId).toBeTruthy();

    const journey = ['Added To Cart', 'Order Completed', 'Product Viewed', 'Removed From Cart'];
    await expect
      .poll(async () =>
        (await demo.records('events'))
          .map((e) => String(e['event_name']))
          .filter((name) => journey.includes(name))
          .sort(),
      )
      .toEqual(['Added To Cart', 'Added To Cart', 'Order Completed', 'Product Viewed', 'Removed From Cart']);
    const events = await demo.records('events');
    const listed = events
      .filter((e) => e['event_name'] === 'Product List Viewed')
      .map((e) => e['event'] as { list_id: string; products: { position: number }[] });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((list) => list.list_id === 'shop' && list.products[0]?.position === 1)).toBe(true);
    expect(events.every((e) => e['user_id'] === userId)).toBe(true);
    expect(events.find((e) => e['event_name'] === 'Removed From Cart')?.['event']).toMatchObject({
      product_id: 105,
      name: 'Trail Bottle',
    });
    // The buttons' data-sb-* attributes, named and typed by the relay.
    expect(
      events.find(
        (e) => e['event_name'] === 'Added To Cart' && (e['event'] as { product_id: number }).product_id === 101,
      )?.['event'],
    ).toEqual({
      product_id: 101,
      name: 'Harbour Mug',
      price: 14.5,
      currency: 'EUR',
      quantity: 1,
      product_type: 'Kitchen',
      image_url: expect.stringContaining('101'),
      url: `${demo.url}/`,
    });
    await expect.poll(async () => (await demo.records('orders')).map((o) => o['order_id'])).toEqual([orderId]);
    expect((await demo.records('orders'))[0]).toMatchObject({
      order_value: 14.5,
      line_items: [{ line_item_product_id: 101, line_item_quantity: 1 }],
    });
    await page.screenshot({ path: testInfo.outputPath('storefront-checkout.png'), fullPage: true });

    await page.goto(`${demo.url}/`);
    await page.screenshot({ path: testInfo.outputPath('storefront.png') });
    await page.goto(`${demo.url}/_debug/`);
    const rows = page.locator('#records tr');
    // One row a record: the journey's five events and its order, and each listing the home page
    // sent (the last as it was left).
    const records = async () => (await demo.records('events')).length + (await demo.records('orders')).length;
    await expect
      .poll(async () => ((await rows.count()) === (await records()) ? rows.count() : -1))
      .toBeGreaterThanOrEqual(8);
    await expect(rows.filter({ hasText: 'delivered · 200' })).toHaveCount(await records());
    await expect(rows.filter({ hasText: `order ${orderId}` })).toContainText('delivered · 200');
    await expect(page.locator('#visitors [data-value]')).toHaveText('1');
    await expect(page.locator('#sync [data-value]')).toHaveText('off');
    await expect(page.locator('#coverage [data-value]')).toHaveText('100 %');
    await expect(page.locator('#coverage [data-hint]')).toContainText('mirror: 1 of 1 storefront orders joined');
    await page.screenshot({ path: testInfo.outputPath('debugger.png'), fullPage: true });

    await page.getByLabel('event_name').fill('Removed');
    await expect(rows.locator('visible=true')).toHaveCount(1);
    await rows.locator('visible=true').click();
    const request = page.locator('#detail-request');
    await expect(request).toContainText('POST http://127.0.0.1:');
    await expect(request).toContainText('/v1/track');
    await expect(request).toContainText(`"user_id": "${userId}"`);
    await expect(request).toContainText('Bearer ••••••••');
    await expect(request).not.toContainText('dev-token');
    await page.getByLabel('event_name').fill('');
    await page.screenshot({ path: testInfo.outputPath('debugger.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test('the debugger streams a record the moment it is accepted, with the field errors of a refusal', async ({
    page,
    demo,
  }) => {
    await page.goto(`${demo.url}/_debug/`);
    await expect(page.locator('#connection')).toHaveText('live');
    const post = (body: unknown) =>
      fetch(`${demo.url}/collect`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
        },
        body: JSON.stringify(body),
      });
    await post({
      events: [{ event_id: 'dbg-bad-1', user_id: 'u-debug-1', event_name: 'Added To Cart', event: { price: -1 } }],
    });
    const row = page.locator('#records tr', { hasText: 'u-debug-1' });
    await expect(row).toContainText('rejected');
    await row.click();
    await expect(page.locator('#detail-request')).toContainText('event.product_id');
    await page.locator('select[name=state]').selectOption('delivered');
    await expect(row).toBeHidden();
  });
});
