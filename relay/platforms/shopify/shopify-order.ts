import { joinPath } from '../../contract/field-error.js';
import { compact, FieldReader, firstText } from '../platform-values.js';
import { fields, list, type Mapping, orderChannel } from '../mapping.js';
import type { OrderChannel, OrderOrigin } from '../../shared/order-channel.js';
import { shopifyStatus } from './shopify-status.js';

/** The sum of decimal strings, in cents, so "0.10" + "0.20" is 0.3 and not 0.30000000000000004. */
function sumAmounts(values: unknown[], field: string, read: FieldReader): number | undefined {
  const amounts = values.map((v) => read.amount(v, field)).filter((n): n is number => n !== undefined);
  return amounts.length === 0 ? undefined : amounts.reduce((cents, n) => cents + Math.round(n * 100), 0) / 100;
}

function lineItem(li: Record<string, unknown>, index: number, read: FieldReader): Record<string, unknown> {
  const at = (field: string) => joinPath(joinPath('line_items', index), field);
  return compact({
    line_item_product_id: read.id(li['product_id'], at('line_item_product_id')),
    line_item_variation_id: read.id(li['variant_id'], at('line_item_variation_id')),
    line_item_quantity: li['quantity'],
    line_item_price: read.amount(li['price'], at('line_item_price')),
    line_item_total_tax: sumAmounts(
      list(li['tax_lines']).map((t) => fields(t)['price']),
      at('line_item_total_tax'),
      read,
    ),
    line_item_sku: firstText(li['sku']),
    line_item_name: firstText(li['name'], li['title']),
  });
}

/**
 * Shopify's `source_name` (`sourceName` in GraphQL): `web` the online store, `pos` a till,
 * `shopify_draft_order` a draft staff made (and may have sent for payment), `iphone` and
 * `android` Shopify's admin apps, `subscription_contract…` a subscription's renewal, and an app's
 * API client id (digits) an app's order. Unsaid is not taken for the storefront.
 */
function shopifyOrigin(name: string): OrderOrigin {
  if (name === 'web') return 'storefront';
  if (name === 'pos') return 'point of sale';
  if (name === 'shopify_draft_order' || name === 'iphone' || name === 'android') return 'back office';
  if (name.startsWith('subscription_contract')) return 'subscription renewal';
  return /^\d+$/.test(name) ? 'API' : 'other';
}

function shopifyChannel(source: unknown): OrderChannel {
  const name = typeof source === 'string' ? source.trim() : '';
  return orderChannel(shopifyOrigin(name), name === '' ? 'source_name unsaid' : `source_name ${name}`);
}

/**
 * A Shopify order (Admin REST API shape, as `orders/*` webhooks and `orders.json` send it) as the
 * service's Order. Timestamps carry the shop's offset and become UTC. Custom line items (no
 * `product_id`: a gift wrap, a fee) name no product to learn from and are left out; the order and
 * its value are still sent.
 */
export function mapShopifyOrder(payload: unknown): Mapping {
  const o = fields(payload);
  const read = new FieldReader();
  const billing = fields(o['billing_address']);
  const shipping = fields(o['shipping_address']);
  const customer = fields(o['customer']);
  const home = fields(customer['default_address']);
  const products = list(o['line_items'])
    .map(fields)
    .filter((li) => li['product_id'] !== null && li['product_id'] !== undefined);
  const body = compact({
    order_id: read.id(o['id'], 'order_id'),
    date_created_gmt: read.utc(o['created_at'], 'date_created_gmt'),
    date_modified_gmt: read.utc(o['updated_at'], 'date_modified_gmt'),
    completion_date_gmt: read.utc(o['closed_at'], 'completion_date_gmt'),
    order_value: read.amount(o['total_price'], 'order_value'),
    currency: firstText(o['currency']),
    status: shopifyStatus(o),
    email: firstText(o['email'], o['contact_email'], customer['email']),
    first_name: firstText(billing['first_name'], shipping['first_name'], customer['first_name']),
    last_name: firstText(billing['last_name'], shipping['last_name'], customer['last_name']),
    phone: firstText(o['phone'], billing['phone'], shipping['phone'], customer['phone']),
    city: firstText(billing['city'], shipping['city'], home['city']),
    zip_code: firstText(billing['zip'], shipping['zip'], home['zip']),
    country: firstText(
      billing['country_code'],
      shipping['country_code'],
      home['country_code'],
      billing['country'],
      shipping['country'],
    ),
    line_items: products.map((li, i) => lineItem(li, i, read)),
  });
  return {
    kind: 'order',
    body,
    errors: read.errors,
    channel: shopifyChannel(o['source_name']),
  };
}
