import type { ShopbeaconOptions } from './create-shopbeacon.js';

/**
 * Options from the script tag's `data-*` attributes; the endpoint defaults to `collect` beside the
 * script. `currentScript` is set for classic scripts, `async` ones included, while they first run.
 */
export function scriptOptions(doc: Document): ShopbeaconOptions {
  const script = doc.currentScript as HTMLScriptElement | null;
  const attr = (name: string) => script?.getAttribute(`data-${name}`);
  return {
    endpoint: attr('endpoint') || (script?.src || '').replace(/[^/]*$/, 'collect'),
    cookieDomain: attr('cookie-domain'),
    consentRequired: attr('consent') === 'required',
    respectGpc: attr('respect-gpc') !== 'false',
    debug: attr('debug') != null,
  };
}
