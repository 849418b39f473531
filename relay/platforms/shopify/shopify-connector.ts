import type { Connector } from '../connector.js';
import { SHOPIFY } from './shopify-platform.js';
import { SHOPIFY_API_VERSION, shopifyChanged, shopOrigin } from './shopify-pages.js';

/** Shopify: signed webhooks, and the Admin API (a custom app's token) for the sync and `backfill`. */
export const SHOPIFY_CONNECTOR: Connector = {
  name: 'shopify',
  label: 'Shopify',
  webhook: { platform: SHOPIFY, secret: 'shopifySecret' },
  apiSettings: [
    { key: 'shopifyShop', env: 'SHOPBEACON_SHOPIFY_SHOP', flag: '--shop', help: 'the store, e.g. snowdevil.myshopify.com' },
    { key: 'shopifyAdminToken', env: 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN', help: 'Admin API access token of a custom app (read_orders, read_products; read_all_orders for orders older than 60 days)' },
  ],
  shopUrl: (values) => shopOrigin(values.shopifyShop ?? ''),
  openApi: ({ values, catalog, client }) => {
    const settings = { shop: values.shopifyShop ?? '', adminToken: values.shopifyAdminToken ?? '', apiVersion: SHOPIFY_API_VERSION };
    return {
      changed: (kind, since) => shopifyChanged(client, settings, kind, since),
      map: (kind, payload) => SHOPIFY.map(kind, payload, catalog),
    };
  },
};
