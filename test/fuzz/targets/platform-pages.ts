import assert from 'node:assert/strict';
import { restOrder, restProduct } from '../../../relay/platforms/shopify/shopify-graphql-shapes.js';
import { legacyId } from '../../../relay/platforms/shopify/shopify-graphql.js';
import { shopTimeToEpoch } from '../../../relay/platforms/prestashop/shop-time.js';
import { wooChangedAt } from '../../../relay/platforms/woocommerce/woocommerce-pages.js';
import { fields, list } from '../../../relay/platforms/mapping.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import { jsonOf } from './expected-refusal.js';

/**
 * What the platform API pages hand the sync, read by the relay's own parsers: Shopify's GraphQL
 * nodes turned into the REST shape the mapping reads, their `gid://` ids, WooCommerce's
 * `date_modified_gmt`, PrestaShop's wall-clock dates. Any JSON: a value or a refusal the sweep
 * can report, never a throw the sweep did not expect.
 */
export function fuzz(data: Buffer): void {
  const page = jsonOf(data, parseExactJson);
  if (page === undefined) return;
  const node = fields(page);
  const order = restOrder(page, list(node['lineItems']));
  const product = restProduct(page, list(node['variants']), list(node['images']));
  assert.ok(typeof order === 'object' && typeof product === 'object');
  const id = legacyId(node['id']);
  assert.ok(id === undefined || typeof id === 'bigint' || Number.isSafeInteger(id));
  const changed = wooChangedAt(page);
  assert.equal(typeof changed, 'number');
  // A date PrestaShop could not have written is NaN, which the sweep reports; never a throw.
  assert.equal(typeof shopTimeToEpoch(node['date_upd'], 'Europe/Paris'), 'number');
}
