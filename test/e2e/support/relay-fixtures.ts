import { test as base, expect, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium-path.mjs';
import { ShopWithRelay } from './shop-with-relay.js';

const browser = findChromium();

/** Each test gets a shop with the real relay under `/sb/` and the real mock service behind it. */
export const test = base.extend<{ shop: ShopWithRelay }>({
  shop: async ({}, use) => {
    const shop = await new ShopWithRelay().start();
    await use(shop);
    await shop.stop();
  },
});

/**
 * A real visitor's browser: a desktop user agent and no navigator.webdriver, so the relay's bot
 * filter stays on (SHOPBEACON_BOTS=drop) and still lets the events through. Each spec file passes
 * it to its own `test.use` (Playwright refuses `test.use` in a shared helper).
 */
export const REAL_VISITOR = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  launchOptions: {
    args: [...CHROMIUM_ARGS, '--disable-blink-features=AutomationControlled'],
    ...(browser && browser.source !== 'playwright' ? { executablePath: browser.path } : {}),
  },
};

export { expect };

/** Calls the snippet's global in the page once the script has loaded. */
export async function sb(page: Page, ...args: unknown[]): Promise<unknown> {
  await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
  return page.evaluate(
    (a) => (window as unknown as { shopbeacon: (...x: unknown[]) => unknown }).shopbeacon(...a),
    args,
  );
}

/** The tracking events the service received, by name. */
export function delivered(shop: ShopWithRelay): Map<string, Record<string, unknown>> {
  return new Map((shop.mock.records('events') as Record<string, unknown>[]).map((e) => [String(e['event_name']), e]));
}
