import { test as base, expect, type Page } from '@playwright/test';
import { CollectorServer } from './collector-server.js';

/** Each test gets its own collector server; pages fail the test on any console error or page error. */
export const test = base.extend<{ collector: CollectorServer; errors: string[] }>({
  collector: async ({}, use) => {
    const server = await new CollectorServer().start();
    await use(server);
    await server.stop();
  },
  errors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Calls the snippet's global in the page, as a shop's own script would. */
export function sb(page: Page, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    (a) => (window as unknown as { shopbeacon: (...x: unknown[]) => unknown }).shopbeacon(...a),
    args,
  );
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}
