import { WOOCOMMERCE_SETTINGS } from './woocommerce-config.js';
import type { ApiContext, Connector } from '../connector.js';
import { connectWooCommerce } from './woocommerce-connect.js';
import { wooCommerceChanged, wooCommerceCurrency } from './woocommerce-pages.js';
import { WOOCOMMERCE } from './woocommerce-platform.js';
import { reactivateDisabled } from './woocommerce-webhooks.js';

const settingsOf = (values: ApiContext['values']) => ({ url: values.woocommerceUrl ?? '', consumerKey: values.woocommerceConsumerKey ?? '', consumerSecret: values.woocommerceConsumerSecret ?? '' });

/** WooCommerce: signed webhooks, and the REST API (a Read key) for the sync and `backfill`. */
export const WOOCOMMERCE_CONNECTOR: Connector = {
  name: 'woocommerce',
  label: 'WooCommerce',
  webhook: { platform: WOOCOMMERCE, secret: 'woocommerceSecret' },
  settings: WOOCOMMERCE_SETTINGS,
  connect: ({ values, client }, options) => connectWooCommerce(client, settingsOf(values), options),
  openApi: ({ values, catalog, client }) => {
    const settings = settingsOf(values);
    return {
      changed: (kind, since) => wooCommerceChanged(client, settings, kind, since),
      map: (kind, payload) => WOOCOMMERCE.map(kind, payload, catalog),
      shopCurrency: () => wooCommerceCurrency(client, settings),
      repairWebhooks: async () => (await reactivateDisabled(client, settings)).length,
    };
  },
};

// Re-exported so the package's declaration files carry the RelayConfig fields its config file declares.
export { WOOCOMMERCE_SETTINGS } from './woocommerce-config.js';
