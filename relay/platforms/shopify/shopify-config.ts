import { platformUrl, token } from '../../config/setting-parsers.js';
import type { SettingsOf } from '../../config/setting.js';
import type { PlatformSetting } from '../connector.js';
import { SHOPIFY_API_VERSION } from './shopify-settings.js';

declare module '../../config/relay-config.js' {
  // The connector's rows give their fields, as the relay's own rows give theirs.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RelayConfig extends SettingsOf<typeof SHOPIFY_SETTINGS> {}
}

/** A Shopify store: `x.myshopify.com`, or a platform URL (a stand-in on loopback). */
function shopifyShop(value: string): string {
  if (/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(value)) return value.toLowerCase();
  if (!value.includes('://')) throw new Error("must be the store's x.myshopify.com domain");
  return platformUrl(value);
}

/** The secrets `SHOPBEACON_SHOPIFY_SECRET` lists, the app's client secret first. */
export const shopifySecrets = (setting: string) => setting.split(',').map((secret) => secret.trim());

/** Secrets without spaces or empty entries, comma-separated. */
function secretList(value: string): string {
  if (value.split(',').some((part) => !part.trim()))
    throw new Error('must be one secret, or several separated by commas, none empty');
  return token(value);
}

function apiVersion(value: string): string {
  if (!/^\d{4}-(01|04|07|10)$/.test(value) && value !== 'unstable')
    throw new Error('must be a Shopify API version such as 2026-10 (YYYY-01, -04, -07 or -10)');
  return value;
}

/**
 * Shopify's rows in the relay's settings: the webhook secrets, and the GraphQL Admin API the sync
 * and `backfill` read.
 */
export const SHOPIFY_SETTINGS = [
  {
    key: 'shopifySecret',
    secret: true,
    env: 'SHOPBEACON_SHOPIFY_SECRET',
    flag: '--shopify-secret',
    help: "the Shopify app's client secret (signs its webhooks; with the client id, mints the Admin API token); more signing secrets may follow, comma-separated (never logged)",
    parse: secretList,
  },
  {
    key: 'shopifyShop',
    api: { flag: '--shop', help: 'the store, e.g. snowdevil.myshopify.com' },
    env: 'SHOPBEACON_SHOPIFY_SHOP',
    flag: '--shopify-shop',
    help: 'the Shopify store, x.myshopify.com: with the client id (or an admin token), the sync pulls its orders and products',
    parse: shopifyShop,
  },
  {
    key: 'shopifyClientId',
    api: {
      flag: '--client-id',
      help: "the Dev Dashboard app's client id (with SHOPBEACON_SHOPIFY_SECRET, the app's client secret)",
    },
    env: 'SHOPBEACON_SHOPIFY_CLIENT_ID',
    flag: '--shopify-client-id',
    help: "a Dev Dashboard app's client id: with SHOPBEACON_SHOPIFY_SECRET the relay mints and renews its own Admin API token",
    parse: token,
  },
  {
    key: 'shopifyAdminToken',
    api: {},
    secret: true,
    env: 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN',
    flag: '--shopify-admin-token',
    help: 'an Admin API token of a custom app made in the Shopify admin before 2026 (instead of the client id): read_orders, read_products (never logged)',
    parse: token,
  },
  {
    key: 'shopifyApiVersion',
    env: 'SHOPBEACON_SHOPIFY_API_VERSION',
    flag: '--shopify-api-version',
    help: `the Admin API version asked for (a warning is logged when Shopify answers with another)`,
    parse: apiVersion,
    fallback: SHOPIFY_API_VERSION,
  },
] as const satisfies readonly PlatformSetting<string>[];

/** The two ways into the Admin API: a Dev Dashboard app's client credentials, or a legacy app's fixed token. */
export const SHOPIFY_API_GROUPS = [
  ['shopifyShop', 'shopifyClientId', 'shopifySecret'],
  ['shopifyShop', 'shopifyAdminToken'],
] as const;

/**
 * Shopify's products carry only a handle: their links need the storefront, from the shop's domain
 * or `SHOPBEACON_SHOP_URL`.
 */
export function shopifyProblems(config: Record<string, unknown>): string[] {
  if (!config['shopifySecret'] || config['shopUrl'] || config['shopifyShop']) return [];
  return [
    'SHOPBEACON_SHOP_URL (--shop-url) is required when SHOPBEACON_SHOPIFY_SECRET is set: Shopify products carry only a handle, not a link',
  ];
}
