export interface ShopifyApiSettings {
  /** `x.myshopify.com`, or a full base URL (`https://…`; `http://` on loopback for a stand-in). */
  shop: string;
  adminToken: string;
}

/**
 * The Admin API version asked for: pinned, so a field Shopify renames later does not change what is
 * read. Each version is served for about a year; past that Shopify answers with its oldest supported
 * one, so this moves with each October release (2026-10: stable from 2026-10-01, until 2027-10-16).
 */
export const SHOPIFY_API_VERSION = '2026-10';

/** The store's base URL from `x.myshopify.com` or a URL. */
export function shopOrigin(shop: string): string {
  return shop.includes('://') ? shop.replace(/\/+$/, '') : `https://${shop}`;
}
