import { SHOPIFY_API_GROUPS, SHOPIFY_SETTINGS, shopifyProblems, shopifySecrets } from './shopify-config.js';
import type { ApiContext, Connector } from '../connector.js';
import { fields } from '../mapping.js';
import { shopifyHistory } from './shopify-bulk.js';
import { ShopifyGraphql } from './shopify-graphql.js';
import { shopifyChanged } from './shopify-pages.js';
import { SHOP_CURRENCY } from './shopify-queries.js';
import { SHOPIFY } from './shopify-platform.js';
import { SHOPIFY_API_VERSION, shopOrigin } from './shopify-settings.js';
import { ClientCredentialsToken, fixedToken, type ShopifyAccessToken } from './shopify-token.js';
import { connectShopify, resubscribeMissing } from './shopify-subscriptions.js';

/**
 * A legacy app's fixed token when one is set, else the client credentials grant (the app's client
 * secret is the first secret listed).
 */
function tokenOf(values: ApiContext['values']): ShopifyAccessToken {
  if (values.shopifyAdminToken) return fixedToken(values.shopifyAdminToken);
  const clientSecret = shopifySecrets(values.shopifySecret ?? '')[0] ?? '';
  return new ClientCredentialsToken({
    origin: shopOrigin(values.shopifyShop ?? ''),
    clientId: values.shopifyClientId ?? '',
    clientSecret,
  });
}

const graphqlOf = ({ values, client }: Pick<ApiContext, 'values' | 'client'>) =>
  new ShopifyGraphql(client, {
    shop: values.shopifyShop ?? '',
    token: tokenOf(values),
    apiVersion: values.shopifyApiVersion ?? SHOPIFY_API_VERSION,
  });

/**
 * Shopify: signed webhooks, and the GraphQL Admin API (a Dev Dashboard app's minted token, or a
 * legacy app's) for the sync, `backfill` and `connect`.
 */
export const SHOPIFY_CONNECTOR: Connector = {
  name: 'shopify',
  label: 'Shopify',
  // A store's own domain, not a stand-in's URL: the app's secret signs every store's webhooks alike.
  webhook: {
    platform: SHOPIFY,
    secret: 'shopifySecret',
    shopOf: (config) =>
      typeof config['shopifyShop'] === 'string' && !config['shopifyShop'].includes('://')
        ? config['shopifyShop']
        : undefined,
  },
  settings: SHOPIFY_SETTINGS,
  apiGroups: SHOPIFY_API_GROUPS,
  problems: shopifyProblems,
  shopUrl: (values) => shopOrigin(values.shopifyShop ?? ''),
  connect: (context, options) =>
    connectShopify(
      graphqlOf(context),
      context.values.shopifyShop ?? '',
      context.values.shopifyAdminToken ? 'admin token' : 'client credentials',
      options,
    ),
  openApi: (context) => {
    const graphql = graphqlOf(context);
    const publicUrl = context.publicUrl;
    return {
      changed: (kind, since) => shopifyChanged(graphql, kind, since),
      history: (kind, since) => shopifyHistory(graphql, kind, since),
      map: (kind, payload) => SHOPIFY.map(kind, payload, context.catalog),
      notes: () => graphql.drainNotes(),
      shopCurrency: async () => {
        const code = fields((await graphql.query(SHOP_CURRENCY))['shop'])['currencyCode'];
        return typeof code === 'string' ? code : undefined;
      },
      ...(publicUrl
        ? { repairWebhooks: (owned) => resubscribeMissing(graphql, publicUrl, owned) }
        : {
            webhookRepairOff: 'SHOPBEACON_PUBLIC_URL is not set: subscriptions Shopify deleted are not created again',
          }),
    };
  },
};

// Re-exported so the package's declaration files carry the RelayConfig fields its config file declares.
export { SHOPIFY_SETTINGS } from './shopify-config.js';
