import { test, expect, sb } from './support/fixtures.js';

/** The retry queue as stored: written on the batch timer and as the page hides, never by a capture. */
const queued = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('_sb_q') || '[]') as { event_name: string; captured_at: number }[],
  );

test.describe('snippet: delivery and the retry queue', () => {
  test('keeps events the relay did not confirm and replays them on the next page load', async ({ page, collector }) => {
    collector.down = true;
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'During Outage', { n: 1 });
    await expect.poll(async () => (await queued(page)).length).toBe(1);
    await sb(page, 'flush');
    collector.down = false;
    await page.reload();
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['During Outage']);
    await expect.poll(async () => (await queued(page)).length).toBe(0);
  });

  test('replays the queue when the browser comes back online', async ({ page, collector }) => {
    collector.down = true;
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Offline', {});
    await expect.poll(async () => (await queued(page)).length).toBe(1);
    collector.down = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Offline']);
  });

  test('holds at most the newest 100 events', async ({ page, collector }) => {
    collector.down = true;
    await page.goto(`${collector.url}/plain.html`);
    await page.evaluate(() => {
      for (let i = 0; i < 120; i++)
        (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', `E${i}`, {});
    });
    await expect.poll(async () => (await queued(page)).at(-1)?.event_name).toBe('E119');
    const names = (await queued(page)).map((q) => q.event_name);
    expect(names.length).toBe(100);
    expect(names[0]).toBe('E20');
    expect(names[99]).toBe('E119');
  });

  test('holds at most 32 KB, dropping the oldest first', async ({ page, collector }) => {
    collector.down = true;
    await page.goto(`${collector.url}/plain.html`);
    await page.evaluate(() => {
      for (let i = 0; i < 50; i++)
        (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', `Big${i}`, {
          pad: 'x'.repeat(1000),
        });
    });
    await expect.poll(async () => (await queued(page)).at(-1)?.event_name).toBe('Big49');
    const raw = await page.evaluate(() => localStorage.getItem('_sb_q')!);
    expect(raw.length).toBeLessThanOrEqual(32_768);
    const names = (JSON.parse(raw) as { event_name: string }[]).map((q) => q.event_name);
    expect(names.at(-1)).toBe('Big49');
    expect(names.length).toBeGreaterThan(20);
  });

  test('drops queued events older than 24 hours', async ({ page, collector }) => {
    await page.clock.install();
    collector.down = true;
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Stale', {});
    await expect.poll(async () => (await queued(page)).length).toBe(1);
    await page.clock.fastForward('24:01:00');
    collector.down = false;
    await sb(page, 'track', 'Fresh', {});
    await sb(page, 'flush');
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Fresh']);
  });

  test('an event fired just before navigating to another page still arrives', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await page.evaluate(() => {
      (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', 'Last Click', { n: 1 });
      (document.getElementById('next') as HTMLAnchorElement).click();
    });
    await page.waitForURL('**/next.html');
    await expect.poll(() => collector.events().map((e) => e.event_name)).toContain('Last Click');
  });

  test('sends with sendBeacon when the page becomes hidden', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await page.evaluate(() => {
      (window as unknown as { shopbeacon: (...a: unknown[]) => void }).shopbeacon('track', 'Hidden', {});
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => collector.requests.length).toBeGreaterThan(0);
    // A beacon is a no-cors request; the snippet's fetch is a cors one.
    expect(collector.requests[0]!.fetchMode).toBe('no-cors');
    expect(collector.requests[0]!.body.events.map((e) => e.event_name)).toEqual(['Hidden']);
  });

  test('never registers unload or beforeunload, which would break the back/forward cache', async ({
    page,
    collector,
  }) => {
    await page.addInitScript(() => {
      const original = window.addEventListener.bind(window);
      (window as unknown as { unloadListeners: string[] }).unloadListeners = [];
      window.addEventListener = ((
        type: string,
        listener: EventListener,
        options?: boolean | AddEventListenerOptions,
      ) => {
        if (type === 'unload' || type === 'beforeunload')
          (window as unknown as { unloadListeners: string[] }).unloadListeners.push(type);
        return original(type, listener, options);
      }) as typeof window.addEventListener;
    });
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    expect(await page.evaluate(() => (window as unknown as { unloadListeners: string[] }).unloadListeners)).toEqual([]);
  });

  test('reports navigator.webdriver in the batch so the relay can decide', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'X', {});
    await expect.poll(() => collector.requests.length).toBe(1);
    expect(collector.requests[0]!.body.webdriver).toBe(await page.evaluate(() => navigator.webdriver));
  });
});
