export interface ShopifyApiSettings {
  /** `x.myshopify.com`, or a full base URL (`https://…`; `http://` on loopback for a stand-in). */
  shop: string;
  adminToken: string;
}

/** The Admin API version asked for: pinned, so a field Shopify renames later does not change what is read. */
export const SHOPIFY_API_VERSION = '2025-10';

/** The store's base URL from `x.myshopify.com` or a URL. */
export function shopOrigin(shop: string): string {
  return shop.includes('://') ? shop.replace(/\/+$/, '') : `https://${shop}`;
}
