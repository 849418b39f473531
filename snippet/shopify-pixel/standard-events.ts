import type { CartLine, Checkout, CheckoutLineItem, MoneyV2, ProductVariant, StandardEvent } from './shopify-api.js';
import { eventIdOf } from './event-origin.js';

/** A tracker command and its arguments, as a page would call `shopbeacon(...)`. */
export type PixelCommand =
  | [
      name: 'viewProduct' | 'addToCart' | 'removeFromCart' | 'purchase' | 'search' | 'viewList',
      fields: Record<string, unknown>,
    ]
  | [name: 'track', eventName: 'Checkout Started' | 'Product Clicked', fields: Record<string, unknown>]
  | [name: 'identify', customerId: string | number];

/** The Shopify standard events the pixel subscribes to; every other event is left alone. */
export const SUBSCRIBED_EVENTS = [
  'product_viewed',
  'product_added_to_cart',
  'product_removed_from_cart',
  'checkout_started',
  'checkout_completed',
] as const;

/**
 * Shopify's ids are digit strings or global ids in pixel events and integers in the Admin API, where the catalog
 * and the orders come from: a safe integer is sent as a number so the service joins them; a larger
 * one stays an exact string.
 */
export const numericId = (id: string | number | null | undefined) => {
  // Live checkout_completed events carry `gid://shopify/OrderIdentity/5396439498987` on some stores
  // and bare digits on others (Shopify/cli#1630): the digits are the Admin API's order id.
  const digits = /^(?:gid:\/\/shopify\/\w+\/)?(\d+)$/.exec(String(id ?? ''))?.[1];
  if (!digits) return id || undefined;
  return Number.isSafeInteger(+digits) ? +digits : digits;
};

/** `/products/x` and `//cdn.shopify.com/...` as absolute URLs, against the top frame's page. */
export function absolute(url: string | null | undefined, page: string | undefined): string | undefined {
  try {
    return url ? new URL(url, page).href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The service's `Added To Cart` fields of a variant; the catalog's title is the untranslated one.
 * `price` and `currency` come from one `MoneyV2`, the shopper's (presentment) currency on a
 * Markets store: an amount always names its own currency, as on the other platforms.
 */
function productFields(
  variant: ProductVariant | null | undefined,
  page: string | undefined,
  price: MoneyV2 | undefined = variant?.price || undefined,
): Record<string, unknown> {
  const product = variant?.product || {};
  return {
    product_id: numericId(product.id),
    name: product.untranslatedTitle || product.title,
    product_type: product.type,
    price: price?.amount,
    currency: price?.currencyCode,
    url: absolute(product.url, page),
    image_url: absolute(variant?.image?.src, page),
  };
}

/** Without the fields Shopify left empty (`null`, `''`), so the tracker's defaults (`url`, `quantity`) apply. */
export const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter((entry) => entry[1] != null && entry[1] !== ''));

const lineFields = (line: CartLine | null | undefined, page: string | undefined) => ({
  ...productFields(line?.merchandise, page),
  quantity: line?.quantity ?? undefined,
});

/**
 * The line's own unit price as the checkout shows it: `finalLinePrice` (after the line's discounts,
 * before those on the whole order, as the plugin and the module send a line) over the quantity, to
 * the cent; the variant's price where Shopify gives no `finalLinePrice`.
 */
function unitPrice(line: CheckoutLineItem | null | undefined): MoneyV2 | undefined {
  const final = line?.finalLinePrice;
  const quantity = line?.quantity;
  if (!final || typeof final.amount !== 'number' || !quantity || quantity < 1) return line?.variant?.price || undefined;
  return { amount: Math.round((final.amount / quantity) * 100) / 100, currencyCode: final.currencyCode };
}

/**
 * A checkout line as the WooCommerce plugin and the PrestaShop module send an item: the product's
 * fields, its own unit price and the quantity.
 */
const itemFields = (line: CheckoutLineItem | null | undefined, page: string | undefined) =>
  defined({ ...productFields(line?.variant, page, unitPrice(line)), quantity: line?.quantity ?? undefined });

/**
 * `Checkout Started`'s and `Order Completed`'s common fields: the value, the currency, the items
 * (as the plugin and the module send them).
 */
function checkoutFields(checkout: Checkout | null | undefined, page: string | undefined): Record<string, unknown> {
  const lines = checkout?.lineItems;
  const items = (Array.isArray(lines) ? lines : [])
    .map((line) => itemFields(line, page))
    .filter((item) => item['product_id'] !== undefined);
  return {
    order_value: checkout?.totalPrice?.amount,
    currency: checkout?.totalPrice?.currencyCode || checkout?.currencyCode || undefined,
    items: items.length > 0 ? items : undefined,
  };
}

const purchaseFields = (checkout: Checkout | null | undefined, page: string | undefined) => ({
  order_id: numericId(checkout?.order?.id),
  ...checkoutFields(checkout, page),
});

/**
 * `Checkout Started`'s `event_id`, one per checkout: Shopify fires `checkout_started` on every
 * entry to the checkout, so its token (a checkout's own, the same on each entry) is the key the
 * relay drops repeats by. Kept to the pattern and 64 characters (its end, where tokens differ).
 */
export const checkoutEventId = (token: string | null | undefined) =>
  token ? eventIdOf(`checkout-${token.replace(/[^\w-]/g, '_').slice(-55)}`) : undefined;

type EventData = StandardEvent['data'];

/** Each subscribed event's command, from its data and the page it happened on. */
const COMMANDS = new Map<string, (data: EventData, page: string | undefined) => PixelCommand>([
  ['product_viewed', (data, page) => ['viewProduct', defined(productFields(data?.productVariant, page))]],
  ['product_added_to_cart', (data, page) => ['addToCart', defined(lineFields(data?.cartLine, page))]],
  ['product_removed_from_cart', (data, page) => ['removeFromCart', defined(lineFields(data?.cartLine, page))]],
  ['checkout_started', (data, page) => ['track', 'Checkout Started', defined(checkoutFields(data?.checkout, page))]],
  ['checkout_completed', (data, page) => ['purchase', defined(purchaseFields(data?.checkout, page))]],
]);

/** Shopify's standard event as the tracker command the storefront snippet would have been given. */
export function commandOf(event: StandardEvent): PixelCommand | undefined {
  return COMMANDS.get(event.name)?.(event.data, event.context?.document?.location?.href);
}

/** The key the relay de-duplicates the event's command by: its checkout's for a checkout's start, else its own id. */
export const eventKeyOf = (event: StandardEvent) =>
  event.name === 'checkout_started' ? checkoutEventId(event.data?.checkout?.token) : event.id;
