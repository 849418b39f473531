/**
 * The part of Shopify's Web Pixels API (shopify.dev/docs/api/web-pixels-api) the custom pixel uses,
 * typed from @shopify/web-pixels-extension 2.18 (build/ts/types/PixelEvents/index.d.ts, whose
 * names these keep): a custom pixel's code sees `analytics`, `browser`, `init` and
 * `customerPrivacy` as globals of its sandboxed iframe. Every field is optional here: the pixel
 * reads what a live store sends, which is not always what the types promise.
 */

export interface MoneyV2 {
  amount: number;
  currencyCode: string;
}

/** `ProductVariant`: what `product_viewed` and a cart line's `merchandise` carry. */
export interface ProductVariant {
  id?: string | null;
  image?: { src?: string | null } | null;
  price?: MoneyV2 | null;
  product?: {
    id?: string | null;
    title?: string | null;
    untranslatedTitle?: string | null;
    type?: string | null;
    url?: string | null;
    vendor?: string | null;
  } | null;
  sku?: string | null;
  title?: string | null;
}

export interface CartLine {
  cost?: { totalAmount?: MoneyV2 | null } | null;
  merchandise?: ProductVariant | null;
  quantity?: number | null;
}

/**
 * `CheckoutLineItem`: a line of `checkout_started`'s and `checkout_completed`'s checkout.
 * `finalLinePrice`: "the combined price of all of the items in the line item after line-level
 * discounts have been applied" (only on shops upgraded to Checkout Extensibility).
 */
export interface CheckoutLineItem {
  finalLinePrice?: MoneyV2 | null;
  quantity?: number | null;
  variant?: ProductVariant | null;
}

/**
 * `Order`: "The ID of the order. ID will be null for all events except checkout_completed", and
 * `OrderCustomer`'s `id`, "The ID of the customer".
 */
export interface Order {
  id?: string | null;
  customer?: { id?: string | null } | null;
}

/** `Checkout`: `token` is "A unique identifier for a particular checkout". */
export interface Checkout {
  order?: Order | null;
  token?: string | null;
  totalPrice?: MoneyV2 | null;
  currencyCode?: string | null;
  lineItems?: (CheckoutLineItem | null)[] | null;
}

/** `collection_viewed`'s collection and `search_submitted`'s result: "the first product variant for each product". */
export interface ProductList {
  id?: string | null;
  title?: string | null;
  query?: string | null;
  productVariants?: (ProductVariant | null)[] | null;
}

/** The DOM event `clicked`'s element: `href` is the clicked element's own (null on an image inside a link). */
export interface ClickedElement {
  href?: string | null;
  tagName?: string | null;
}

/**
 * A standard event (or the DOM event `clicked`, which has no `context`) as `analytics.subscribe`
 * hands it over: `id` "The ID of the customer event", `clientId` "The client-side ID of the
 * customer, provided by Shopify", `timestamp` "The timestamp of when the customer event occurred,
 * in ISO 8601 format".
 */
export interface StandardEvent {
  id?: string;
  clientId?: string;
  name: string;
  timestamp?: string;
  context?: { document?: { location?: { href?: string; origin?: string } } };
  data?: {
    productVariant?: ProductVariant | null;
    cartLine?: CartLine | null;
    checkout?: Checkout | null;
    collection?: ProductList | null;
    searchResult?: ProductList | null;
    element?: ClickedElement | null;
  } | null;
}

/**
 * The visitor's choices as the merchant's Customer Privacy settings collect them
 * (`init.customerPrivacy` and `visitorConsentCollected`'s `customerPrivacy`, typed in
 * @shopify/web-pixels-extension).
 */
export interface CustomerPrivacy {
  analyticsProcessingAllowed?: boolean;
  marketingAllowed?: boolean;
  preferencesProcessingAllowed?: boolean;
  saleOfDataAllowed?: boolean;
}

export interface PixelInit {
  context?: { document?: { location?: { protocol?: string } } } | null;
  data?: { customer?: { id?: string | number | null } | null } | null;
  customerPrivacy?: CustomerPrivacy | null;
}

/** `browser.cookie` and `browser.localStorage`: the top frame's, asynchronously. */
export interface PixelBrowser {
  cookie: { get(name: string): Promise<string>; set(cookie: string): Promise<string> };
  localStorage: { getItem(key: string): Promise<string | null>; setItem(key: string, value: string): Promise<void> };
}

export interface PixelAnalytics {
  subscribe(name: string, handler: (event: StandardEvent) => void): unknown;
}

export interface PixelCustomerPrivacy {
  subscribe(name: 'visitorConsentCollected', handler: (event: { customerPrivacy?: CustomerPrivacy }) => void): unknown;
}

/** The globals Shopify gives a custom pixel. */
export interface PixelGlobals {
  analytics: PixelAnalytics;
  browser: PixelBrowser;
  init: PixelInit;
  customerPrivacy?: PixelCustomerPrivacy;
}
