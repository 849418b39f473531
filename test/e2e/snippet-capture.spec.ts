import { test, expect, sb, delivered, REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

test.describe('snippet: capture without blocking, nothing lost', () => {
  test('an event captured 50 ms before navigating away reaches the service', async ({ page, shop }) => {
    await page.goto(shop.url);
    await sb(page, 'ids');
    await page.evaluate(() => {
      (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', 'Just Before Leaving', {
        n: 1,
      });
      setTimeout(() => (location.href = '/next'), 50);
    });
    await page.waitForURL('**/next');
    await expect.poll(() => delivered(shop).has('Just Before Leaving')).toBe(true);
  });

  test('30 events captured over three page loads while the relay is down all reach the service exactly once once it is back', async ({
    page,
    shop,
  }) => {
    shop.relayDown = true;
    for (let load = 0; load < 3; load++) {
      await page.goto(`${shop.url}/${load === 1 ? 'next' : ''}`);
      await sb(page, 'ids');
      await page.evaluate((l) => {
        for (let i = 0; i < 10; i++)
          (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', `Load ${l} Event ${i}`, {
            i,
          });
      }, load);
      // Stored on the batch timer: the next navigation must find them in the retry queue.
      await expect
        .poll(() => page.evaluate((l) => (localStorage.getItem('_sb_q') || '').includes(`Load ${l} Event 9`), load))
        .toBe(true);
    }
    shop.relayDown = false;
    await page.reload();
    await expect.poll(() => delivered(shop).size, { timeout: 15_000 }).toBe(30);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('_sb_q'))).toBe('[]');
    const names = (shop.mock.records('events') as Record<string, unknown>[]).map((e) => e['event_name']);
    expect(names.length).toBe(30);
  });
});
