import { platformUrl, token } from '../../config/setting-parsers.js';
import type { PlatformSetting } from '../connector.js';

declare module '../../config/relay-config.js' {
  interface RelayConfig {
    /** Shopify's app client secret or webhook signing secret; `POST /webhooks/shopify` exists only with it. */
    shopifySecret: string | undefined;
    /** The Shopify store (`x.myshopify.com`), for the sync (with the admin token). */
    shopifyShop: string | undefined;
    /** A Shopify custom app's Admin API token; never logged. */
    shopifyAdminToken: string | undefined;
  }
}

/** A Shopify store: `x.myshopify.com`, or a platform URL (a stand-in on loopback). */
function shopifyShop(value: string): string {
  if (/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(value)) return value.toLowerCase();
  if (!value.includes('://')) throw new Error("must be the store's x.myshopify.com domain");
  return platformUrl(value);
}

/** Shopify's rows in the relay's settings: the webhook secret, and the GraphQL Admin API the sync and `backfill` read. */
export const SHOPIFY_SETTINGS: PlatformSetting[] = [
  { key: 'shopifySecret', secret: true, env: 'SHOPBEACON_SHOPIFY_SECRET', flag: '--shopify-secret', help: "the Shopify app's client secret or the store's webhook signing secret: enables POST /webhooks/shopify (never logged)", parse: token },
  { key: 'shopifyShop', api: { flag: '--shop', help: 'the store, e.g. snowdevil.myshopify.com' }, env: 'SHOPBEACON_SHOPIFY_SHOP', flag: '--shopify-shop', help: 'the Shopify store, x.myshopify.com: with the admin token, the sync pulls its orders and products', parse: shopifyShop },
  { key: 'shopifyAdminToken', api: {}, secret: true, env: 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN', flag: '--shopify-admin-token', help: "a custom app's Admin API token: read_orders, read_products (read_all_orders for orders older than 60 days; write_webhooks for connect; never logged)", parse: token },
];

/** Shopify's products carry only a handle: their links need the storefront, from the shop's domain or `SHOPBEACON_SHOP_URL`. */
export function shopifyProblems(config: Record<string, unknown>): string[] {
  if (!config['shopifySecret'] || config['shopUrl'] || config['shopifyShop']) return [];
  return ['SHOPBEACON_SHOP_URL (--shop-url) is required when SHOPBEACON_SHOPIFY_SECRET is set: Shopify products carry only a handle, not a link'];
}
