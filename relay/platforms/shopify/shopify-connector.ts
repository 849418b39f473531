import { SHOPIFY_SETTINGS, shopifyProblems } from './shopify-config.js';
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
  settings: SHOPIFY_SETTINGS,
  problems: shopifyProblems,
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
      ...(publicUrl ? { repairWebhooks: () => resubscribeMissing(graphql, publicUrl) } : { webhookRepairOff: 'SHOPBEACON_PUBLIC_URL is not set: subscriptions Shopify deleted are not created again' }),
    };
  },
};

// Re-exported so the package's declaration files carry the RelayConfig fields its config file declares.
export { SHOPIFY_SETTINGS } from './shopify-config.js';
