import type { ApiContext, Connector } from '../connector.js';
import { fields } from '../mapping.js';
import { shopifyHistory } from './shopify-bulk.js';
import { ShopifyGraphql } from './shopify-graphql.js';
import { shopifyChanged } from './shopify-pages.js';
import { SHOP_CURRENCY } from './shopify-queries.js';
import { SHOPIFY } from './shopify-platform.js';
import { shopOrigin } from './shopify-settings.js';
import { connectShopify, resubscribeMissing } from './shopify-subscriptions.js';

const graphqlOf = ({ values, client }: Pick<ApiContext, 'values' | 'client'>) => new ShopifyGraphql(client, { shop: values.shopifyShop ?? '', adminToken: values.shopifyAdminToken ?? '' });

/** Shopify: signed webhooks, and the GraphQL Admin API (a custom app's token) for the sync, `backfill` and `connect`. */
export const SHOPIFY_CONNECTOR: Connector = {
  name: 'shopify',
  label: 'Shopify',
  webhook: { platform: SHOPIFY, secret: 'shopifySecret' },
  apiSettings: [
    { key: 'shopifyShop', env: 'SHOPBEACON_SHOPIFY_SHOP', flag: '--shop', help: 'the store, e.g. snowdevil.myshopify.com' },
    { key: 'shopifyAdminToken', env: 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN', help: 'Admin API access token of a custom app (read_orders, read_products; read_all_orders for orders older than 60 days; write for connect)' },
  ],
  shopUrl: (values) => shopOrigin(values.shopifyShop ?? ''),
  connect: (context, options) => connectShopify(graphqlOf(context), context.values.shopifyShop ?? '', options),
  openApi: (context) => {
    const graphql = graphqlOf(context);
    const publicUrl = context.publicUrl;
    return {
      changed: (kind, since) => shopifyChanged(graphql, kind, since),
      history: (kind, since) => shopifyHistory(graphql, kind, since),
      map: (kind, payload) => SHOPIFY.map(kind, payload, context.catalog),
      shopCurrency: async () => {
        const code = fields((await graphql.query(SHOP_CURRENCY))['shop'])['currencyCode'];
        return typeof code === 'string' ? code : undefined;
      },
      ...(publicUrl ? { repairWebhooks: () => resubscribeMissing(graphql, publicUrl) } : {}),
    };
  },
};
