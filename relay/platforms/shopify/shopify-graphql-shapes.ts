import { fields, list } from '../mapping.js';
import { legacyId } from './shopify-graphql.js';

/**
 * The GraphQL Admin API's orders and products in the Admin REST shape the mapping (and the
 * webhooks, which still send that shape) reads: one mapping for every way in. Ids become their
 * digits, exact; enums become REST's lower-case words.
 */

const money = (set: unknown) => fields(fields(set)['shopMoney'])['amount'];
/** GraphQL's `DateTime` ends in `Z`, a shape the service does not list; REST's carried an offset, as this does. */
const withOffset = (value: unknown) => (typeof value === 'string' ? value.replace(/Z$/, '+00:00') : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

function address(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const a = fields(value);
  return {
    first_name: a['firstName'],
    last_name: a['lastName'],
    phone: a['phone'],
    city: a['city'],
    zip: a['zip'],
    country: a['country'],
    country_code: a['countryCodeV2'],
  };
}

function lineItem(value: unknown): Record<string, unknown> {
  const li = fields(value);
  return {
    product_id: legacyId(fields(li['product'])['id']) ?? null,
    variant_id: legacyId(fields(li['variant'])['id']) ?? null,
    quantity: li['quantity'],
    price: money(li['originalUnitPriceSet']),
    sku: li['sku'],
    name: li['name'],
    title: li['title'],
    tax_lines: list(li['taxLines']).map((t) => ({ price: money(fields(t)['priceSet']) })),
  };
}

/**
 * REST's `financial_status` from `displayFinancialStatus` (PAID → paid); `fulfillment_status` is
 * `fulfilled` only when all is.
 */
export function restOrder(node: unknown, lineItems: unknown[]): Record<string, unknown> {
  const o = fields(node);
  const customer = fields(o['customer']);
  const home = fields(customer['defaultAddress']);
  return {
    id: legacyId(o['id']),
    created_at: withOffset(o['createdAt']),
    updated_at: withOffset(o['updatedAt']),
    closed_at: withOffset(o['closedAt']) ?? null,
    cancelled_at: o['cancelledAt'] ?? null,
    source_name: o['sourceName'] ?? null,
    total_price: money(o['totalPriceSet']),
    currency: o['currencyCode'] ?? fields(fields(o['totalPriceSet'])['shopMoney'])['currencyCode'],
    financial_status: lower(o['displayFinancialStatus']),
    fulfillment_status: o['displayFulfillmentStatus'] === 'FULFILLED' ? 'fulfilled' : null,
    email: o['email'],
    phone: o['phone'],
    billing_address: address(o['billingAddress']),
    shipping_address: address(o['shippingAddress']),
    customer: {
      first_name: customer['firstName'],
      last_name: customer['lastName'],
      default_address: { city: home['city'], zip: home['zip'], country_code: home['countryCodeV2'] },
    },
    line_items: lineItems.map(lineItem),
  };
}

/**
 * A page lists a product's first 100 variants of up to 2,048: where `priceRangeV2` knows a lower
 * price, a variant with just that price stands first, so the cheapest is still the catalog's price.
 */
function withCheapest(variants: Record<string, unknown>[], lowest: unknown): Record<string, unknown>[] {
  const floor = Number(lowest);
  if (typeof lowest !== 'string' || !Number.isFinite(floor) || variants.some((v) => Number(v['price']) <= floor))
    return variants;
  return [{ price: lowest, compare_at_price: null }, ...variants];
}

export function restProduct(node: unknown, variants: unknown[], images: unknown[]): Record<string, unknown> {
  const p = fields(node);
  const listed = variants.map((v) => ({
    price: fields(v)['price'],
    compare_at_price: fields(v)['compareAtPrice'] ?? null,
    sku: fields(v)['sku'],
  }));
  return {
    id: legacyId(p['id']),
    title: p['title'],
    handle: p['handle'],
    status: lower(p['status']),
    product_type: p['productType'],
    body_html: p['descriptionHtml'],
    published_at: p['publishedAt'] ?? null,
    updated_at: p['updatedAt'],
    variants: withCheapest(listed, fields(fields(p['priceRangeV2'])['minVariantPrice'])['amount']),
    images: images
      .map((m) => fields(fields(m)['image'])['url'])
      .filter((url) => typeof url === 'string')
      .map((src) => ({ src })),
  };
}
