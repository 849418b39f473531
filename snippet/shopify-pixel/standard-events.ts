import type { CartLine, Checkout, ProductVariant, StandardEvent } from './shopify-api.js';

/** A tracker command and its argument, as a page would call `shopbeacon(...)`. */
export type PixelCommand = [name: 'viewProduct' | 'addToCart' | 'removeFromCart' | 'purchase', fields: Record<string, unknown>];

/** The Shopify standard events the pixel subscribes to; every other event is left alone. */
export const SUBSCRIBED_EVENTS = ['product_viewed', 'product_added_to_cart', 'product_removed_from_cart', 'checkout_completed'] as const;

/**
 * Shopify's ids are digit strings or global ids in pixel events and integers in the Admin API, where the catalog
 * and the orders come from: a safe integer is sent as a number so the service joins them; a larger
 * one stays an exact string.
 */
const numericId = (id: string | number | null | undefined) => {
  // Live checkout_completed events carry `gid://shopify/OrderIdentity/5396439498987` on some stores and bare digits on others (Shopify/cli#1630): the digits are the Admin API's order id.
  const digits = /^(?:gid:\/\/shopify\/\w+\/)?(\d+)$/.exec(String(id ?? ''))?.[1];
  if (!digits) return id || undefined;
  return Number.isSafeInteger(+digits) ? +digits : digits;
};

/** `/products/x` and `//cdn.shopify.com/...` as absolute URLs, against the top frame's page. */
function absolute(url: string | null | undefined, page: string | undefined): string | undefined {
  try {
    return url ? new URL(url, page).href : undefined;
  } catch {
    return undefined;
  }
}

/** The service's `Added To Cart` fields of a variant; the catalog's title is the untranslated one. */
function productFields(variant: ProductVariant | null | undefined, page: string | undefined): Record<string, unknown> {
  const product = variant?.product || {};
  const price = variant?.price || undefined;
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

const lineFields = (line: CartLine | null | undefined, page: string | undefined) => ({ ...productFields(line?.merchandise, page), quantity: line?.quantity ?? undefined });

function purchaseFields(checkout: Checkout | null | undefined): Record<string, unknown> {
  return { order_id: numericId(checkout?.order?.id), order_value: checkout?.totalPrice?.amount, currency: checkout?.totalPrice?.currencyCode || checkout?.currencyCode || undefined };
}

/** Without the fields Shopify left empty (`null`, `''`), so the tracker's defaults (`url`, `quantity`) apply. */
const defined = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter((entry) => entry[1] != null && entry[1] !== ''));

/** Shopify's standard event as the tracker command the storefront snippet would have been given. */
export function commandOf(event: StandardEvent): PixelCommand | undefined {
  const page = event.context?.document?.location?.href;
  const data = event.data;
  switch (event.name) {
    case 'product_viewed': return ['viewProduct', defined(productFields(data?.productVariant, page))];
    case 'product_added_to_cart': return ['addToCart', defined(lineFields(data?.cartLine, page))];
    case 'product_removed_from_cart': return ['removeFromCart', defined(lineFields(data?.cartLine, page))];
    case 'checkout_completed': return ['purchase', defined(purchaseFields(data?.checkout))];
  }
  return undefined;
}
