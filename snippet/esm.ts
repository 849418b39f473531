import {
  createShopbeacon as create,
  type ShopbeaconCommand,
  type ShopbeaconOptions,
} from './browser/create-shopbeacon.js';

export type { ShopbeaconCommand, ShopbeaconOptions } from './browser/create-shopbeacon.js';
export type { Ids, SnippetEvent } from './types.js';

export interface ShopbeaconModuleOptions extends ShopbeaconOptions {
  /**
   * `consent: 'required'`, as it was first named.
   * @deprecated use `consent: 'required'`
   */
  consentRequired?: boolean;
}

/**
 * The tracker for a page that bundles the snippet: as the script tag's, with `consentRequired`
 * still read here (the script tag never had it, so its bundle carries no bytes for it).
 */
export function createShopbeacon(options: ShopbeaconModuleOptions, win?: Window): ShopbeaconCommand {
  return create({ ...options, consent: options.consent || (options.consentRequired ? 'required' : undefined) }, win);
}
