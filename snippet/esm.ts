export { createShopbeacon, type ShopbeaconCommand, type ShopbeaconOptions } from './browser/create-shopbeacon';
export type { Ids, SnippetEvent } from './types';
