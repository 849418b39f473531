import { test, expect, sb } from './support/fixtures.js';

const storageKeys = (page: import('@playwright/test').Page) => page.evaluate(() => Object.keys(localStorage));

test.describe('snippet: consent and privacy', () => {
  test('with data-consent="required" sets no cookie, stores nothing and sends nothing before consent', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'track', 'Held', { n: 1 });
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await sb(page, 'flush');
    expect(await page.context().cookies()).toEqual([]);
    expect(await storageKeys(page)).toEqual([]);
    expect(collector.requests).toEqual([]);
    await sb(page, 'consent', true);
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Held']);
    expect((await page.context().cookies()).map((c) => c.name).sort()).toEqual(['_sb_c', '_sb_sid', '_sb_uid']);
  });

  test('discards held events on consent(false) and remembers the choice', async ({ page, collector }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'track', 'Held', {});
    await sb(page, 'consent', false);
    await sb(page, 'track', 'After Refusal', {});
    await page.reload();
    await sb(page, 'track', 'Next Page', {});
    await sb(page, 'flush');
    expect(collector.requests).toEqual([]);
    expect((await page.context().cookies()).map((c) => [c.name, c.value])).toEqual([['_sb_c', '0']]);
  });

  test('remembers consent(true) on the next page', async ({ page, collector }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'consent', true);
    await page.reload();
    await sb(page, 'track', 'Second Page', {});
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Second Page']);
  });

  test('consent(false) without data-consent opts the visitor out and clears the ids', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    await expect.poll(() => collector.events().length).toBe(1);
    await sb(page, 'consent', false);
    await sb(page, 'track', 'After', {});
    await sb(page, 'flush');
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toEqual(['_sb_c']);
    expect(collector.events().map((e) => e.event_name)).toEqual(['Before']);
  });

  test('treats Global Privacy Control as consent(false)', async ({ page, collector }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'GPC', {});
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await sb(page, 'flush');
    expect(collector.requests).toEqual([]);
    expect(await page.context().cookies()).toEqual([]);
  });
});
