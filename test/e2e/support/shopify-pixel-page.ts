import { test as base, type Page } from '@playwright/test';
import { ShopifySandbox } from './shopify-sandbox.js';

/** A test with a Shopify sandbox of its own (each file says `test.use(REAL_VISITOR)`: Playwright wants it there). */
export const test = base.extend<{ sandbox: ShopifySandbox }>({
  sandbox: async ({}, use) => {
    const sandbox = await new ShopifySandbox().start();
    await use(sandbox);
    await sandbox.stop();
  },
});

type Harness = {
  ready: boolean;
  publish(name: string, data: unknown, event?: Record<string, unknown>): void;
  consent(allowed: boolean): void;
  privacy(customerPrivacy: Record<string, boolean>): void;
};

export const privacy = (page: Page, customerPrivacy: Record<string, boolean>) =>
  page.evaluate((flags) => (window as unknown as { harness: Harness }).harness.privacy(flags), customerPrivacy);

export const consent = (page: Page, allowed: boolean) =>
  page.evaluate((yes) => (window as unknown as { harness: Harness }).harness.consent(yes), allowed);

/** The pixel's cookies (Shopify's own `_shopify_y` left aside). */
export const cookieNames = async (page: Page, url: string) =>
  (await page.context().cookies(url))
    .filter((cookie) => cookie.name.startsWith('_sb_'))
    .map((cookie) => `${cookie.name}=${cookie.value.length > 1 ? '…' : cookie.value}`)
    .sort();

/** Opens a storefront page and waits for the pixel to have subscribed in its sandbox. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { harness: Harness }).harness.ready);
}

/** Publishes a standard event; `event` sets fields of the event itself (its `id`, its `timestamp`). */
export const publish = (page: Page, name: string, data: unknown, event: Record<string, unknown> = {}) =>
  page.evaluate(
    ([n, d, e]) =>
      (window as unknown as { harness: Harness }).harness.publish(n as string, d, e as Record<string, unknown>),
    [name, data, event] as const,
  );

export const byName = (sandbox: ShopifySandbox) =>
  new Map(sandbox.events().map((event) => [String(event['event_name']), event]));

/** An event's `datetime` as epoch milliseconds. */
export const timeOf = (event: Record<string, unknown>) => Date.parse(String(event['datetime']).replace(' ', 'T'));
