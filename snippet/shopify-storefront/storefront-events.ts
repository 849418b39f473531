import { numericId } from '../shopify-pixel/standard-events.js';
import type { SeenProduct } from './listing-batches.js';

/**
 * Shopify's standard storefront events (shopify.dev/docs/api/storefront-events-and-actions/events),
 * as a theme dispatches them: ordinary DOM events, from "the most specific available contextual
 * element" (a product card), that bubble to `document`. The payload is on the event object itself,
 * as shopify.dev's own listener reads it (`const { action, lines } = event`); `detail` is "optional
 * custom data for the storefront's internal use", not the payload. Every field is optional here:
 * the companion reads what a theme sends.
 *
 * `shopify:product:view`, "fires when a product becomes visible to a buyer, whether that's a product
 * page, a card in a collection grid, or a recommendation":
 * - `context`: `'page' | 'search' | 'collection' | 'dialog' | 'recommendation'`, "where the buyer
 *   saw the product";
 * - `product`: `ProductViewProduct`, "the product the buyer saw": `id` ("The product GID",
 *   `gid://shopify/Product/<digits>`; the Liquid `standard_event_data` filter prints the bare number),
 *   `title`, `handle`, `selectedVariant` ("`null` when no variant is selected, such as a product
 *   card in a collection grid");
 * - `selectedOptions`: `SelectedOption[]` (`name`, `value`).
 *
 * `shopify:collection:view`, "fires when a buyer opens a collection page": `collection`
 * (`StandardEventCollection`): `id`, "the collection GID. This is `null` for built-in collections
 * with no collection record, such as the all-products collection", `handle`, `productsCount`.
 */
export interface ProductViewEvent extends Event {
  context?: string | null;
  product?: {
    id?: string | number | null;
    title?: string | null;
    handle?: string | null;
    /** Storefront API's `ProductVariant`: its `price` a `MoneyV2` whose `amount` is a decimal string. */
    selectedVariant?: { price?: { amount?: string | number | null; currencyCode?: string | null } | null } | null;
  } | null;
}

export interface CollectionViewEvent extends Event {
  collection?: { id?: string | number | null; handle?: string | null; productsCount?: number | null } | null;
}

/** The locale's root of the storefront's routes (`/`, `/fr/`), which Shopify's pages define. */
const routesRoot = () =>
  (window as unknown as { Shopify?: { routes?: { root?: string } } }).Shopify?.routes?.root ?? '/';

/**
 * The address a click on the card goes to, which the snippet's click capture matches exactly: the
 * card's own link to the product (a recommendation's carries Shopify's `pr_*` parameters), found
 * from the element that dispatched the event outwards, else the product's page under the locale.
 */
function linkOf(target: EventTarget | null, handle: string): string {
  for (let element = target as Element | null; element?.querySelector; element = element.parentElement) {
    const link = element.querySelector<HTMLAnchorElement>(`a[href*="/products/${CSS.escape(handle)}"]`);
    if (link) return link.href;
  }
  return new URL(`${routesRoot()}products/${handle}`.replace(/^\/+/, '/'), location.href).href;
}

/** The selected variant's price as shown, where the card has one; a grid's card has none. */
function priceOf(variant: NonNullable<ProductViewEvent['product']>['selectedVariant']) {
  const price = variant?.price;
  const amount = Number(price?.amount);
  return price?.currencyCode && price.amount != null && amount >= 0
    ? { price: amount, currency: price.currencyCode }
    : {};
}

/** The card as a listed product: the id's digits, as the pixel sends them, so the two sources agree. */
export function seenProduct(event: ProductViewEvent): SeenProduct | undefined {
  const product = event.product;
  const id = numericId(product?.id ?? undefined);
  if (id === undefined || !product?.handle) return undefined;
  return {
    product_id: id,
    ...(product.title ? { name: product.title } : {}),
    ...priceOf(product.selectedVariant),
    url: linkOf(event.target, product.handle),
  };
}

/** The product page's own product, whose recommendations are its listing. */
export const pageProductId = (event: ProductViewEvent) =>
  event.context === 'page' ? numericId(event.product?.id ?? undefined) : undefined;

/** A collection's listing key: its id's digits, as the pixel's `collection-<id>`, else its handle (the built-in `all`). */
export const collectionKey = (event: CollectionViewEvent) =>
  numericId(event.collection?.id ?? undefined) ?? (event.collection?.handle || undefined);
