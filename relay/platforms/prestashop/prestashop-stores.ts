import type { ScopeReport } from '../connector.js';
import { PlatformApiError } from '../platform-api-error.js';
import { textOf } from '../mapping.js';
import type { PrestaShopWebservice } from './prestashop-webservice.js';

const MULTISTORE = 'docs/prestashop.md, "Multistore"';

/** The multistore's active shops as `id name`, or undefined when the key may not read `shops` (it need not). */
async function activeShops(webservice: PrestaShopWebservice): Promise<string[] | undefined> {
  try {
    const shops = await webservice.list('shops', { display: '[id,name,active]' });
    return shops
      .filter((shop) => textOf(shop['active']) === '1')
      .map((shop) => `${textOf(shop['id'])} ${textOf(shop['name'])}`);
  } catch (error) {
    if (error instanceof PlatformApiError && error.refused) return undefined;
    throw error;
  }
}

/**
 * Which of a multistore's shops the relay reads, for the doctor: nothing to say of a single shop;
 * with multistore on, the shop it is scoped to, or a warning that it is scoped to none (it then
 * reads only the shop its URL resolves to, and the other shops' orders never reach the service).
 */
export async function prestaShopScope(webservice: PrestaShopWebservice, url: string): Promise<ScopeReport | undefined> {
  // A key that may not read `configurations` is the key check's failure already.
  const multistore = await webservice.configuration('PS_MULTISHOP_FEATURE_ACTIVE').catch((error: unknown) => {
    if (error instanceof PlatformApiError && error.refused) return undefined;
    throw error;
  });
  if (multistore !== '1') return undefined;
  const shops = await activeShops(webservice);
  const listed = shops === undefined ? 'several shops' : `${shops.length} active shops (${shops.join(', ')})`;
  if (webservice.shopId !== undefined)
    return {
      warning: false,
      detail: `multistore with ${listed}: this relay reads shop ${webservice.shopId} alone (SHOPBEACON_PRESTASHOP_SHOP_ID); each other shop needs its own relay (${MULTISTORE})`,
    };
  return {
    warning: true,
    detail: `multistore with ${listed}, and no shop set: this relay reads only the shop ${url} leads to, and no other shop's orders or products reach the service; set SHOPBEACON_PRESTASHOP_SHOP_ID and run one relay per shop (${MULTISTORE})`,
  };
}
