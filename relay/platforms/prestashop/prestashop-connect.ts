import type { ConnectReport } from '../connect-report.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { PrestaShopWebservice } from './prestashop-webservice.js';
import { KEY_REFUSED } from './webservice-disabled.js';

/** Every resource the sync reads: GET must be allowed on each for the key. */
export const PRESTASHOP_RESOURCES = [
  'orders',
  'products',
  'customers',
  'addresses',
  'countries',
  'currencies',
  'order_states',
  'categories',
  'configurations',
];

/**
 * `shopbeacon connect prestashop`: PrestaShop has no webhooks, so connecting is checking that the
 * Webservice key may read each resource the sync needs, and saying which it may not.
 */
export async function connectPrestaShop(webservice: PrestaShopWebservice, url: string): Promise<ConnectReport> {
  const missing: string[] = [];
  for (const resource of PRESTASHOP_RESOURCES) {
    try {
      await webservice.list(resource, { display: '[id]', limit: '0,1' });
    } catch (error) {
      // The key itself refused is said once, not as every resource missing.
      if (!(error instanceof PlatformApiError && error.refused) || error.message.startsWith(KEY_REFUSED)) throw error;
      missing.push(resource);
    }
  }
  const readable = PRESTASHOP_RESOURCES.filter((r) => !missing.includes(r));
  const steps = [
    `the key may read: ${readable.join(', ') || 'nothing'}`,
    ...(missing.length > 0
      ? [`missing: GET (View) on ${missing.join(', ')} — tick them under Advanced Parameters → Webservice → the key`]
      : []),
    'cart events: upload dist/shopbeacon-prestashop.zip under Modules → Module Manager → Upload a module, then Configure (docs/prestashop.md: "PrestaShop cart events")',
  ];
  return {
    steps,
    env: [
      `SHOPBEACON_PRESTASHOP_URL=${url}`,
      'SHOPBEACON_PRESTASHOP_KEY=… (as set)',
      ...(webservice.shopId === undefined ? [] : [`SHOPBEACON_PRESTASHOP_SHOP_ID=${webservice.shopId}`]),
    ],
    ok: missing.length === 0,
  };
}
