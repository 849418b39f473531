export { createShopbeacon, type ShopbeaconCommand, type ShopbeaconOptions } from './browser/create-shopbeacon.js';
export type { Ids, SnippetEvent } from './types.js';
