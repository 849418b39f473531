import { compact, FieldReader, firstText, htmlToText } from '../platform-values.js';
import { fields, list, type CatalogSettings, type Mapping, textOf, withdrawal } from '../mapping.js';

/** The variant a shopper sees the price of: the cheapest ("from €19"). */
function cheapestVariant(variants: Record<string, unknown>[], read: FieldReader): Record<string, unknown> | undefined {
  const priced = variants
    .map((v) => ({ v, price: read.amount(v['price'], 'price') }))
    .filter((x) => x.price !== undefined);
  priced.sort((a, b) => (a.price as number) - (b.price as number));
  return priced[0]?.v;
}

/**
 * A Shopify product (Admin REST API shape) as one catalog entry: the product, never its variants
 * (the service takes base products). Price, sale flag and SKU come from the cheapest variant;
 * `categories` from the product type. Only active products published to the online store are sent.
 */
export function mapShopifyProduct(payload: unknown, settings: CatalogSettings): Mapping {
  const p = fields(payload);
  if (p['status'] !== undefined && p['status'] !== 'active')
    return withdrawal(`status ${textOf(p['status'])}: only active products are sent`, p['id']);
  if (p['published_at'] === null) return withdrawal('not published to the online store', p['id']);
  const read = new FieldReader();
  const variant = cheapestVariant(list(p['variants']).map(fields), read);
  const price = read.amount(variant?.['price'], 'price');
  const compareAt = read.amount(variant?.['compare_at_price'], 'on_sale');
  const images = list(p['images']).map((image) => fields(image)['src']);
  const handle = firstText(p['handle']);
  const body = compact({
    product_id: read.id(p['id'], 'product_id'),
    name: firstText(p['title']),
    price,
    currency: settings.currency,
    on_sale: price === undefined ? undefined : compareAt !== undefined && compareAt > price,
    description: htmlToText(p['body_html']),
    categories: firstText(p['product_type']),
    image: firstText(images[0], fields(p['image'])['src']),
    image2: firstText(images[1]),
    link: handle && settings.shopUrl ? `${settings.shopUrl.replace(/\/+$/, '')}/products/${handle}` : undefined,
    sku: firstText(variant?.['sku']),
  });
  return { kind: 'product', body, errors: read.errors };
}
