import { startPixel } from './create-pixel.js';
import type { PrivacyFlag } from './privacy-flags.js';
import type { PixelAnalytics, PixelBrowser, PixelCustomerPrivacy, PixelInit } from './shopify-api.js';

/** The relay's public URL: the line `npx shopbeacon pixel shopify --relay <url>` writes at the top. */
declare const SHOPBEACON_RELAY: string;
/** The `customerPrivacy` flags the visitor must allow: the line `--consent <permissions>` writes. */
declare const SHOPBEACON_CONSENT: PrivacyFlag[];
declare const analytics: PixelAnalytics;
declare const browser: PixelBrowser;
declare const init: PixelInit;
declare const customerPrivacy: PixelCustomerPrivacy | undefined;
declare const api: { customerPrivacy?: PixelCustomerPrivacy } | undefined;

// Shopify's custom pixel: wires Shopify's globals to the tracker. Never throws into the sandbox.
try {
  // Shopify's docs show consent updates as `customerPrivacy` and as `api.customerPrivacy`: either is taken.
  const consentApi =
    typeof customerPrivacy == 'object' ? customerPrivacy : typeof api == 'object' ? api?.customerPrivacy : undefined;
  startPixel({ analytics, browser, init, customerPrivacy: consentApi }, SHOPBEACON_RELAY, window, SHOPBEACON_CONSENT);
} catch {
  // A pixel that cannot start sends nothing; Shopify's other pixels carry on.
}
