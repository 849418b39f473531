import type { KeyValueStore } from '../types.js';
import type { PixelBrowser } from './shopify-api.js';

/**
 * The top frame's `localStorage` through `browser.localStorage` (asynchronous): read once at start,
 * written through. It keeps the retry queue across pages, where the iframe's own storage is
 * refused to an opaque origin and dies with each page.
 */
export async function loadBrowserStore(browser: PixelBrowser, keys: string[]): Promise<KeyValueStore> {
  const values = new Map<string, string | null>();
  await Promise.all(
    keys.map(async (key) => values.set(key, await browser.localStorage.getItem(key).catch(() => null))),
  );
  return {
    get: (key) => values.get(key),
    set(key, value) {
      values.set(key, value);
      browser.localStorage.setItem(key, value).catch(() => 0);
    },
  };
}
