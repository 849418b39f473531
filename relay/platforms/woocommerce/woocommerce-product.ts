import { compact, FieldReader, firstText, htmlToText, plainText } from '../platform-values.js';
import { fields, list, type CatalogSettings, type Mapping, textOf, withdrawal } from '../mapping.js';

/**
 * A WooCommerce product (REST API v3 shape) as a catalog entry. Variations are never sent (the
 * service takes base products); only published products are (a draft or private product would be
 * recommended and then link to a page shoppers cannot open). With Polylang or WPML each language of
 * a product is a post of its own, which the REST API lists (free Polylang filters no REST request
 * by language): the plugin names the default language's product (`shopbeacon_product_id`), the id
 * its events carry, and only that one is sent, with its language's name, link and price.
 */
export function mapWooCommerceProduct(payload: unknown, settings: CatalogSettings): Mapping {
  const p = fields(payload);
  if (p['type'] === 'variation') return { skip: 'a variation: the service takes base products only' };
  const translationOf = translated(p);
  if (translationOf !== undefined)
    return { skip: `a translation of product ${translationOf}: the catalog holds its default language's product` };
  if (p['status'] !== undefined && p['status'] !== 'publish')
    return withdrawal(`status ${textOf(p['status'])}: only published products are sent`, p['id']);
  const read = new FieldReader();
  const images = list(p['images']).map((image) => fields(image)['src']);
  const categories = list(p['categories'])
    .map((c) => plainText(fields(c)['name']))
    .filter((name): name is string => name !== undefined);
  const rating = read.amount(p['average_rating'], 'average_rating');
  const body = compact({
    product_id: read.id(p['id'], 'product_id'),
    name: plainText(p['name']),
    // The price as the shop displays it, which the plugin adds (`shopbeacon_price`); without the
    // plugin, the price as entered.
    price: read.amount(p['shopbeacon_price'] ?? p['price'], 'price'),
    currency: settings.currency,
    on_sale: typeof p['on_sale'] === 'boolean' ? p['on_sale'] : undefined,
    description: htmlToText(p['description']) ?? htmlToText(p['short_description']),
    categories: categories.length > 0 ? categories.join(',') : undefined,
    image: firstText(images[0]),
    image2: firstText(images[1]),
    link: firstText(p['permalink']),
    sku: firstText(p['sku']),
    // WooCommerce says "0.00" for a product nobody rated: no rating, not a zero.
    average_rating: p['rating_count'] === 0 ? undefined : rating,
    rating_count: typeof p['rating_count'] === 'number' && p['rating_count'] > 0 ? p['rating_count'] : undefined,
  });
  return { kind: 'product', body, errors: read.errors };
}

/** The default language's product id the plugin names for a translation, else undefined (the product is its own). */
function translated(p: Record<string, unknown>): string | undefined {
  const own = p['shopbeacon_product_id'];
  return typeof own === 'number' && Number.isSafeInteger(own) && String(own) !== textOf(p['id'])
    ? String(own)
    : undefined;
}
