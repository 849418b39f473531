import type { ShopifyAccessToken } from './shopify-token.js';

export interface ShopifyApiSettings {
  /** `x.myshopify.com`, or a full base URL (`https://…`; `http://` on loopback for a stand-in). */
  shop: string;
  /** The Admin API token: fixed (an app made before 2026) or minted from the client credentials. */
  token: ShopifyAccessToken;
  /** The Admin API version asked for (`SHOPBEACON_SHOPIFY_API_VERSION`). */
  apiVersion: string;
}

/**
 * The Admin API version asked for unless `SHOPBEACON_SHOPIFY_API_VERSION` says otherwise: pinned,
 * so a field Shopify renames later does not change what is read. Each version is served for about
 * a year; past that Shopify answers with its oldest supported one (the relay warns when the
 * answer's `X-Shopify-API-Version` differs), so this moves with each October release (2026-10:
 * stable from 2026-10-01, until 2027-10-16).
 */
export const SHOPIFY_API_VERSION = '2026-10';

/** The store's base URL from `x.myshopify.com` or a URL. */
export function shopOrigin(shop: string): string {
  return shop.includes('://') ? shop.replace(/\/+$/, '') : `https://${shop}`;
}
