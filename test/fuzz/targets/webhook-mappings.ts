import assert from 'node:assert/strict';
import { KINDS } from '../../../relay/contract/kinds.js';
import { checkRecord } from '../../../relay/pipeline/check-record.js';
import { fields, type Mapping } from '../../../relay/platforms/mapping.js';
import { mapPrestaShopOrder } from '../../../relay/platforms/prestashop/prestashop-order.js';
import { mapPrestaShopProduct } from '../../../relay/platforms/prestashop/prestashop-product.js';
import { mapShopifyOrder } from '../../../relay/platforms/shopify/shopify-order.js';
import { mapShopifyProduct } from '../../../relay/platforms/shopify/shopify-product.js';
import { mapWooCommerceOrder } from '../../../relay/platforms/woocommerce/woocommerce-order.js';
import { mapWooCommerceProduct } from '../../../relay/platforms/woocommerce/woocommerce-product.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import { jsonOf } from './expected-refusal.js';

const catalog = { currency: 'EUR', shopUrl: 'https://shop.example' };
const NOW = Date.UTC(2026, 10, 25, 12);

/** Every platform's mapping of an order and a product, as a webhook or a sync page hands them any JSON. */
const MAPPINGS: ((payload: unknown) => Mapping)[] = [
  mapWooCommerceOrder,
  (p) => mapWooCommerceProduct(p, catalog),
  mapShopifyOrder,
  (p) => mapShopifyProduct(p, catalog),
  // PrestaShop's order or product as the Webservice answered it, with the lookups the pages add.
  (p) => mapPrestaShopOrder({ order: p as never, customer: fields(p)['customer'] as never, address: fields(p)['address'] as never, currency: fields(p)['currency'] as never, state: fields(p)['state'] as never, timeZone: 'Europe/Paris' }),
  (p) => mapPrestaShopProduct({ product: p as never, categoryNames: [], languageId: '1', shopUrl: 'https://shop.example' }, catalog),
];

/** Any JSON to every mapping: a record (then validated) or a reason to skip, never a throw. */
export function fuzz(data: Buffer): void {
  const payload = jsonOf(data, parseExactJson);
  if (payload === undefined) return;
  for (const map of MAPPINGS) {
    const mapping = map(payload);
    if ('skip' in mapping) {
      assert.equal(typeof mapping.skip, 'string');
      continue;
    }
    assert.ok(Array.isArray(mapping.errors));
    const checked = checkRecord(KINDS[mapping.kind], mapping.body, NOW, { bigIntegers: true });
    if (!checked.ok) assert.ok(checked.errors.length > 0);
  }
}
