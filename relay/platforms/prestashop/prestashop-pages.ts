import { changedByKeyset } from '../changed-pages.js';
import type { ChangedPayload, PlatformKind } from '../connector.js';
import { fields, list, textOf } from '../mapping.js';
import type { PrestaShopOrder } from './prestashop-order.js';
import { firstOrderStates } from './prestashop-order-origin.js';
import { inLanguage, SHOPPER_PRICE, type PrestaShopProduct } from './prestashop-product.js';
import { LookupCache, type PrestaShopWebservice } from './prestashop-webservice.js';
import {
  ean13Of,
  productLink,
  productLinkRules,
  ruleKeywords,
  type ProductLinkRules,
} from './prestashop-product-link.js';
import { epochToShopTime, shopTimeToEpoch } from './shop-time.js';

const PAGE_SIZE = 100;

/** What every page needs to know of the shop, read once per sweep. */
interface ShopFacts {
  timeZone: string;
  languageId: string;
  shopUrl: string;
  /** How its product pages are addressed: products only. */
  linkRules?: ProductLinkRules;
}

async function orderWithLookups(
  order: Record<string, unknown>,
  cache: LookupCache,
  facts: ShopFacts,
  firstState: PrestaShopOrder['firstState'],
): Promise<PrestaShopOrder> {
  const [currency, customer, invoice, state] = await Promise.all([
    cache.get('currencies', order['id_currency'], '[id,iso_code]'),
    cache.get('customers', order['id_customer'], '[id,email,firstname,lastname]'),
    cache.get(
      'addresses',
      order['id_address_invoice'],
      '[id,firstname,lastname,city,postcode,phone,phone_mobile,id_country]',
    ),
    cache.get('order_states', order['current_state'], '[id,paid,shipped,delivery]'),
  ]);
  const address =
    invoice ??
    (await cache.get(
      'addresses',
      order['id_address_delivery'],
      '[id,firstname,lastname,city,postcode,phone,phone_mobile,id_country]',
    ));
  const country = address ? await cache.get('countries', address['id_country'], '[id,iso_code]') : undefined;
  return {
    order,
    timeZone: facts.timeZone,
    ...(firstState ? { firstState } : {}),
    ...(currency ? { currency } : {}),
    ...(customer ? { customer } : {}),
    ...(address ? { address } : {}),
    ...(country ? { country } : {}),
    ...(state ? { state } : {}),
  };
}

/**
 * The price with tax of a product whose combinations have none marked default: asked without a
 * combination, PrestaShop 1.7.8 answers `shopper_price` "0.000000" (the Webservice passes 0, not
 * null, to `Product::priceCalculation`, which files prices only under the default combination).
 * Asked again for `id_default_combination` (PrestaShop's own fallback: the first combination), it
 * is the price the product page shows (35.10 for a product whose `price` is 31.707249, seen on a
 * real 1.7.8.0 shop). Undefined when there is nothing to ask again.
 */
async function defaultCombinationPrice(
  webservice: PrestaShopWebservice,
  product: Record<string, unknown>,
): Promise<unknown> {
  const combination = textOf(product['id_default_combination'] ?? product['cache_default_attribute'] ?? '');
  if (Number(product[SHOPPER_PRICE]) !== 0 || !/^[1-9]\d*$/.test(combination)) return undefined;
  const [answer] = await webservice.list('products', {
    display: `[id,${SHOPPER_PRICE}]`,
    'filter[id]': `[${textOf(product['id'])}]`,
    [`price[${SHOPPER_PRICE}][use_tax]`]: '1',
    [`price[${SHOPPER_PRICE}][product_attribute]`]: combination,
  });
  return answer?.[SHOPPER_PRICE];
}

async function productWithLookups(
  product: Record<string, unknown>,
  cache: LookupCache,
  facts: ShopFacts,
  webservice: PrestaShopWebservice,
): Promise<PrestaShopProduct> {
  const ids = list(fields(product['associations'])['categories']).map((c) => fields(c)['id']);
  const categories = await Promise.all(ids.map((id) => cache.get('categories', id, '[id,name,is_root_category]')));
  // The shop's root ("Home") holds every product: a category of none of them in particular.
  const categoryNames = categories
    .filter((c) => textOf(c?.['is_root_category'] ?? '0') !== '1')
    .flatMap((c) => {
      const name = inLanguage(c?.['name'], facts.languageId);
      return name ? [name] : [];
    });
  const price = await defaultCombinationPrice(webservice, product);
  return {
    product: price === undefined ? product : { ...product, [SHOPPER_PRICE]: price },
    categoryNames,
    languageId: facts.languageId,
    shopUrl: facts.shopUrl,
    link: await linkOf(product, cache, facts),
  };
}

/** The product's page in the default language (prestashop-product-link.ts), its default category's slug looked up when the route names it. */
async function linkOf(product: Record<string, unknown>, cache: LookupCache, facts: ShopFacts): Promise<string> {
  const rules = facts.linkRules ?? { rewriting: false, rule: '' };
  const needsCategory = rules.rewriting && !rules.unfollowable && ruleKeywords(rules.rule).includes('category');
  const category = needsCategory
    ? await cache.get('categories', product['id_category_default'], '[id,link_rewrite]')
    : undefined;
  return productLink(facts.shopUrl, rules, {
    id: textOf(product['id']),
    rewrite: inLanguage(product['link_rewrite'], facts.languageId),
    ean13: ean13Of(product),
    category: inLanguage(category?.['link_rewrite'], facts.languageId),
  });
}

/**
 * The orders or base products of a PrestaShop shop changed since `since`, oldest change first.
 * `date_upd` is the shop's wall clock (`PS_TIMEZONE`), and the range filter takes only the exact
 * shape `[YYYY-MM-DD HH:MM:SS,YYYY-MM-DD HH:MM:SS]` and only with `date=1` (a `T` or an offset
 * silently filters on equality). No total is sent: a short page is the last.
 */
export function prestaShopChanged(
  webservice: PrestaShopWebservice,
  shopUrl: string,
  kind: PlatformKind,
  since: number,
  noteLinks: (rules: ProductLinkRules) => void = () => undefined,
): AsyncIterable<ChangedPayload> {
  const resource = `${kind}s`;
  let facts: ShopFacts | undefined;
  const cache = new LookupCache(webservice);
  const fetchPage = async (from: number, page: number): Promise<ChangedPayload[]> => {
    facts ??= {
      timeZone: (await webservice.configuration('PS_TIMEZONE')) ?? 'UTC',
      languageId: (await webservice.configuration('PS_LANG_DEFAULT')) ?? '1',
      shopUrl,
      ...(kind === 'product' ? { linkRules: await productLinkRules(webservice) } : {}),
    };
    if (facts.linkRules && page === 1) noteLinks(facts.linkRules);
    const shop = facts;
    const range = `[${epochToShopTime(from, shop.timeZone)},${epochToShopTime(Date.now() + 86_400_000, shop.timeZone)}]`;
    const params: Record<string, string> = {
      display: 'full',
      date: '1',
      'filter[date_upd]': range,
      sort: '[date_upd_ASC,id_ASC]',
      limit: `${(page - 1) * PAGE_SIZE},${PAGE_SIZE}`,
    };
    if (kind === 'product') params[`price[${SHOPPER_PRICE}][use_tax]`] = '1';
    const records = await webservice.list(resource, params);
    const firstStates = kind === 'order' ? await firstOrderStates(webservice, records) : new Map();
    const firstStateOf = (order: Record<string, unknown>) =>
      firstStates === 'unreadable' ? firstStates : firstStates.get(textOf(order['id']));
    return Promise.all(
      records.map(async (record) => ({
        payload:
          kind === 'order'
            ? await orderWithLookups(record, cache, shop, firstStateOf(record))
            : await productWithLookups(record, cache, shop, webservice),
        changedAt: shopTimeToEpoch(record['date_upd'], shop.timeZone) || 0,
      })),
    );
  };
  const idOf = (payload: unknown) => textOf(fields(fields(payload)[kind])['id']);
  return changedByKeyset(fetchPage, idOf, PAGE_SIZE, since);
}
