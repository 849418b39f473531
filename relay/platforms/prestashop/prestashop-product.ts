import { fields, list, type CatalogSettings, type Mapping, textOf, withdrawal } from '../mapping.js';
import { compact, FieldReader, firstText, htmlToText } from '../platform-values.js';

/** A base product with what it names, looked up while paging: category names, the shop's language. */
export interface PrestaShopProduct {
  product: Record<string, unknown>;
  categoryNames: string[];
  /** `PS_LANG_DEFAULT`: multilingual fields are read in it. */
  languageId: string;
  shopUrl: string;
  /** Its page in the default language (prestashop-product-link.ts); absent: PrestaShop's own redirect to it. */
  link?: string;
}

/** The virtual field asked for with `price[shopper_price][use_tax]=1`: the price with tax, as shoppers pay it. */
export const SHOPPER_PRICE = 'shopper_price';

/** A multilingual field (`[{"id":"1","value":"…"}]`) in the language, or the first; a plain string as it is. */
export function inLanguage(value: unknown, languageId: string): string | undefined {
  if (typeof value === 'string') return value;
  const entries = list(value).map(fields);
  const chosen = entries.find((e) => textOf(e['id']) === languageId) ?? entries[0];
  return typeof chosen?.['value'] === 'string' ? chosen['value'] : undefined;
}

/**
 * The public URL of a product image: PrestaShop's physical path, one folder per digit of the id
 * (`img/p/1/2/3/123-large_default.jpg`). The Webservice's `/api/images/…` URLs need the key: never sent.
 */
export function imageUrl(shopUrl: string, imageId: unknown): string | undefined {
  const id = textOf(imageId ?? '');
  if (!/^[1-9]\d*$/.test(id)) return undefined;
  return `${shopUrl.replace(/\/+$/, '')}/img/p/${id.split('').join('/')}/${id}-large_default.jpg`;
}

/**
 * The price with tax; a 0 is refused by name (a product sold for nothing is a misreading, never a
 * price to recommend with).
 */
function shopperPrice(p: Record<string, unknown>, read: FieldReader): number | undefined {
  const price = read.amount(p[SHOPPER_PRICE] ?? p['price'], 'price');
  if (price !== 0) return price;
  read.refuse(
    'price',
    'out_of_range',
    `PrestaShop gave 0 as the price with tax (its base price is ${textOf(p['price'] ?? 'not given')}): give the product a price, or mark one of its combinations as the default`,
  );
  return undefined;
}

/**
 * A PrestaShop product as a catalog entry: base products only (combinations are variants), active
 * ones only; name and description in the shop's default language; the price with tax; categories'
 * names; the default image and the next one; the product's page in the default language.
 */
export function mapPrestaShopProduct(payload: PrestaShopProduct, settings: CatalogSettings): Mapping {
  const p = fields(payload.product);
  const { languageId, shopUrl } = payload;
  if (textOf(p['active']) !== '1') return withdrawal('inactive: only active products are sent', p['id']);
  const read = new FieldReader();
  const imageIds = list(fields(p['associations'])['images']).map((image) => fields(image)['id']);
  const second = imageIds.find((id) => textOf(id) !== textOf(p['id_default_image']));
  const id = read.id(/^\d+$/.test(textOf(p['id'])) ? Number(p['id']) : p['id'], 'product_id');
  const body = compact({
    product_id: id,
    name: firstText(inLanguage(p['name'], languageId)),
    price: shopperPrice(p, read),
    currency: settings.currency,
    on_sale: textOf(p['on_sale']) === '1',
    description:
      htmlToText(inLanguage(p['description'], languageId)) ??
      htmlToText(inLanguage(p['description_short'], languageId)),
    categories: payload.categoryNames.length > 0 ? payload.categoryNames.join(',') : undefined,
    image: imageUrl(shopUrl, p['id_default_image']),
    image2: imageUrl(shopUrl, second),
    link:
      id === undefined
        ? undefined
        : (payload.link ?? `${shopUrl.replace(/\/+$/, '')}/index.php?controller=product&id_product=${textOf(id)}`),
    sku: firstText(p['reference']),
  });
  return { kind: 'product', body, errors: read.errors };
}
