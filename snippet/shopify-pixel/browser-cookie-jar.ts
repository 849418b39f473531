import type { CookieJar } from '../types.js';
import type { PixelBrowser } from './shopify-api.js';

/**
 * The top frame's cookies through `browser.cookie`, which is asynchronous: read once at start, kept
 * in memory, written through. The sandboxed iframe has no cookies of its own (opaque origin), and
 * the relay's `Set-Cookie` never reaches the top frame from here, so these are the only ones the
 * visitor keeps across pages; they are the storefront snippet's too, so both share one visitor.
 */
export async function loadBrowserCookieJar(
  browser: PixelBrowser,
  names: string[],
  secure: boolean,
): Promise<CookieJar> {
  const values = new Map<string, string>();
  await Promise.all(
    names.map(async (name) => values.set(name, (await browser.cookie.get(name).catch(() => '')) || '')),
  );
  return {
    get: (name) => values.get(name) || undefined,
    set(name, value, maxAge) {
      values.set(name, value);
      browser.cookie
        .set(`${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`)
        .catch(() => 0);
    },
  };
}
