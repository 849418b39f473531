import type { ShopbeaconOptions } from './create-shopbeacon.js';

/**
 * Options from the script tag's `data-*` attributes, named as its `dataset` names them
 * (`data-cookie-domain` is `cookieDomain`); the endpoint defaults to `collect` beside the script.
 * `currentScript` is set for classic scripts, `async` ones included, while they first run.
 */
export function scriptOptions(doc: Document): ShopbeaconOptions {
  const script = doc.currentScript as HTMLScriptElement | null;
  const data = { ...script?.dataset };
  return {
    ...data,
    endpoint: data['endpoint'] || (script?.src || '').replace(/[^/]*$/, 'collect'),
    respectGpc: data['respectGpc'] != 'false',
    debug: data['debug'] != null,
  };
}
