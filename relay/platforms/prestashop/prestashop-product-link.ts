import { textOf } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { PrestaShopWebservice } from './prestashop-webservice.js';

/** What a product's page address is made of in a shop: its friendly-URL settings, read once per sweep. */
export interface ProductLinkRules {
  /** `PS_REWRITING_SETTINGS`: friendly URLs on. */
  rewriting: boolean;
  /** The product route (`PS_ROUTE_product_rule`, else the version's default), or why none can be followed. */
  rule: string;
  /** Why the friendly URL cannot be built from the rules (then the catalog keeps PrestaShop's own redirect). */
  unfollowable?: string;
}

/** Dispatcher::$default_routes['product_rule'] in PrestaShop 1.7 and 8, and in 9 (which dropped the category and the EAN). */
const DEFAULT_RULE_BEFORE_9 = '{category:/}{id}{-:id_product_attribute}-{rewrite}{-:ean13}.html';
const DEFAULT_RULE_FROM_9 = '{id}{-:id_product_attribute}-{rewrite}.html';

/** The keywords this relay fills from the Webservice's product; a rule with others is not followed. */
const FILLED = new Set(['id', 'id_product_attribute', 'rewrite', 'ean13', 'category']);

const NAMES = ['PS_REWRITING_SETTINGS', 'PS_ROUTE_product_rule', 'PS_VERSION_DB', 'PS_DEFAULT_LANGUAGE_URL_PREFIX'];

/** The keywords of a route: `{prepend:keyword:append}`. */
export function ruleKeywords(rule: string): string[] {
  return [...rule.matchAll(/\{(?:[^{}]*:)?([a-z0-9_]+)(?::[^{}]*)?\}/g)].map((m) => m[1] as string);
}

/**
 * The shop's product link rules, in one `configurations` read. A link is not worth the catalog: an
 * answer the Webservice refuses leaves the products their redirect link, and the sweep says why.
 */
export async function productLinkRules(webservice: PrestaShopWebservice): Promise<ProductLinkRules> {
  let values: Map<string, string>;
  try {
    values = await webservice.configurations(NAMES);
  } catch (error) {
    if (!(error instanceof PlatformApiError)) throw error;
    return { rewriting: false, rule: '', unfollowable: `the shop's URL settings could not be read (${error.message})` };
  }
  const version = values.get('PS_VERSION_DB') ?? '';
  const rule =
    values.get('PS_ROUTE_product_rule') ??
    (Number.parseInt(version, 10) >= 9 ? DEFAULT_RULE_FROM_9 : DEFAULT_RULE_BEFORE_9);
  const unknown = ruleKeywords(rule).filter((keyword) => !FILLED.has(keyword));
  const rules: ProductLinkRules = { rewriting: values.get('PS_REWRITING_SETTINGS') === '1', rule };
  // Link::getLangLink: the default language gets its ISO code in the path only with this option (and several languages).
  if (values.get('PS_DEFAULT_LANGUAGE_URL_PREFIX') === '1')
    return { ...rules, unfollowable: 'the default language is put in product URLs (PS_DEFAULT_LANGUAGE_URL_PREFIX)' };
  if (rules.rewriting && unknown.length > 0)
    return {
      ...rules,
      unfollowable: `the product route ${rule} uses ${unknown.join(', ')}, which the Webservice's product does not give`,
    };
  return rules;
}

/** What the route's keywords stand for on one product. */
export interface ProductLinkValues {
  id: string;
  rewrite: string | undefined;
  ean13: string;
  /** The default category's `link_rewrite`, when the route names `category`. */
  category: string | undefined;
}

/**
 * The product's page in the shop's default language, as Link::getProductLink builds it there:
 * friendly URLs on, the shop's address and the route with its keywords filled (an empty one takes
 * its prepend and append with it, as Dispatcher::createUrl does); off, or the route not followable,
 * or a keyword it needs missing, `index.php?controller=product&id_product=…`, which PrestaShop
 * answers with the product's page (a redirect to it with friendly URLs on).
 */
export function productLink(shopUrl: string, rules: ProductLinkRules, product: ProductLinkValues): string {
  const base = shopUrl.replace(/\/+$/, '');
  const fallback = `${base}/index.php?controller=product&id_product=${product.id}`;
  if (!rules.rewriting || rules.unfollowable || !product.rewrite) return fallback;
  const values: Record<string, string | undefined> = { ...product, id_product_attribute: '' };
  if (ruleKeywords(rules.rule).includes('category') && !product.category) return fallback;
  const path = rules.rule.replace(
    /\{([^{}]*:)?([a-z0-9_]+)(:[^{}]*)?\}/g,
    (_, prepend?: string, keyword?: string, append?: string) => {
      const value = values[keyword ?? ''] ?? '';
      return value === '' ? '' : `${(prepend ?? '').slice(0, -1)}${value}${(append ?? '').slice(1)}`;
    },
  );
  return `${base}/${path}`;
}

/** A product's EAN-13 as the route takes it (empty when it has none). */
export const ean13Of = (product: Record<string, unknown>): string => textOf(product['ean13'] ?? '');
