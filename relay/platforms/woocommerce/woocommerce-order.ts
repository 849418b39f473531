import { joinPath } from '../../contract/field-error.js';
import { compact, FieldReader, firstText, plainText } from '../platform-values.js';
import { fields, list, type Mapping, orderChannel, textOf } from '../mapping.js';
import type { OrderChannel, OrderOrigin } from '../../shared/order-channel.js';

/** WooCommerce's block checkout saves a draft before the customer orders: not an order yet. */
const NOT_YET_ORDERS = new Set(['checkout-draft']);

function lineItem(raw: unknown, index: number, read: FieldReader): Record<string, unknown> {
  const li = fields(raw);
  const at = (field: string) => joinPath(joinPath('line_items', index), field);
  return compact({
    // The default language's product with Polylang or WPML (the plugin names it), as events and the catalog carry it.
    line_item_product_id: read.id(li['shopbeacon_product_id'] ?? li['product_id'], at('line_item_product_id')),
    line_item_variation_id: read.id(li['variation_id'], at('line_item_variation_id')),
    line_item_quantity: li['quantity'],
    line_item_price: read.amount(li['price'], at('line_item_price')),
    line_item_subtotal: read.amount(li['subtotal'], at('line_item_subtotal')),
    line_item_total: read.amount(li['total'], at('line_item_total')),
    line_item_subtotal_tax: read.amount(li['subtotal_tax'], at('line_item_subtotal_tax')),
    line_item_total_tax: read.amount(li['total_tax'], at('line_item_total_tax')),
    line_item_tax_class: firstText(li['tax_class']),
    line_item_sku: firstText(li['sku']),
    line_item_name: plainText(li['name']),
  });
}

/**
 * A line whose product was deleted after the order: WooCommerce answers `product_id: 0` for it
 * (seen on a real 9.2.5 shop). It names no product the service could learn from or recommend, and
 * the shop owner cannot mend it, so it is left out as Shopify's custom lines are; the order and its
 * full value are still sent, instead of the whole order failing for ever.
 */
const namesAProduct = (li: Record<string, unknown>) =>
  li['product_id'] !== 0 && li['product_id'] !== '0' && li['product_id'] !== null;

/**
 * WooCommerce's `created_via` as it sets it (11.0): `checkout` and the Checkout block's
 * `store-api` are the storefront, `admin` the back office's order screen, `rest-api` the REST API
 * (or what its caller named), `pos-rest-api` the Point of Sale, `subscription` a WooCommerce
 * Subscriptions renewal. Unsaid (`wc_create_order` without it: an import, another plugin) is not
 * taken for the storefront.
 */
const WOO_ORIGINS: Record<string, OrderOrigin> = {
  checkout: 'storefront',
  'store-api': 'storefront',
  admin: 'back office',
  'rest-api': 'API',
  'pos-rest-api': 'point of sale',
  subscription: 'subscription renewal',
};

function wooChannel(createdVia: unknown): OrderChannel {
  const via = typeof createdVia === 'string' ? createdVia.trim() : '';
  const said = via === '' ? 'created_via unsaid' : `created_via ${via}`;
  return orderChannel(Object.hasOwn(WOO_ORIGINS, via) ? (WOO_ORIGINS[via] as OrderOrigin) : 'other', said);
}

/**
 * A WooCommerce order (REST API v3 shape, as webhooks and `/wp-json/wc/v3/orders` send it) as
 * the service's Order. The service's fields are WooCommerce's almost one for one; the customer's
 * address comes from billing, falling back to shipping field by field.
 */
export function mapWooCommerceOrder(payload: unknown): Mapping {
  const o = fields(payload);
  if (NOT_YET_ORDERS.has(textOf(o['status']))) return { skip: `status ${textOf(o['status'])}: not an order yet` };
  const read = new FieldReader();
  const billing = fields(o['billing']);
  const shipping = fields(o['shipping']);
  const body = compact({
    order_id: read.id(o['id'], 'order_id'),
    date_created_gmt: read.utc(o['date_created_gmt'], 'date_created_gmt'),
    date_modified_gmt: read.utc(o['date_modified_gmt'], 'date_modified_gmt'),
    completion_date_gmt: read.utc(o['date_completed_gmt'], 'completion_date_gmt'),
    order_value: read.amount(o['total'], 'order_value'),
    currency: firstText(o['currency']),
    status: firstText(o['status']),
    email: firstText(billing['email']),
    first_name: firstText(billing['first_name'], shipping['first_name']),
    last_name: firstText(billing['last_name'], shipping['last_name']),
    phone: firstText(billing['phone'], shipping['phone']),
    city: firstText(billing['city'], shipping['city']),
    zip_code: firstText(billing['postcode'], shipping['postcode']),
    country: firstText(billing['country'], shipping['country']),
    line_items: list(o['line_items'])
      .map(fields)
      .filter(namesAProduct)
      .map((li, i) => lineItem(li, i, read)),
  });
  return {
    kind: 'order',
    body,
    errors: read.errors,
    channel: wooChannel(o['created_via']),
  };
}
