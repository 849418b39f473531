import type { ConsentMode } from './consent-source.js';
import type { ShopbeaconOptions } from './create-shopbeacon.js';

/**
 * Options from the script tag's `data-*` attributes; the endpoint defaults to `collect` beside the
 * script. `currentScript` is set for classic scripts, `async` ones included, while they first run:
 * it is kept now, and its attributes read only as the snippet starts, as it reads its options.
 */
export function scriptOptions(doc: Document): ShopbeaconOptions {
  const script = doc.currentScript as HTMLScriptElement | null;
  const attr = (name: string) => script?.getAttribute(`data-${name}`);
  return {
    get endpoint() {
      return attr('endpoint') || (script?.src || '').replace(/[^/]*$/, 'collect');
    },
    get cookieDomain() {
      return attr('cookie-domain');
    },
    get consent() {
      return attr('consent') as ConsentMode;
    },
    get consentCategory() {
      return attr('consent-category');
    },
    get respectGpc() {
      return attr('respect-gpc') !== 'false';
    },
    get debug() {
      return attr('debug') != null;
    },
  };
}
