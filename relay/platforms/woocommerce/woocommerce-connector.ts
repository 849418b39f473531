import { WOOCOMMERCE_SETTINGS } from './woocommerce-config.js';
import type { ApiContext, Connector } from '../connector.js';
import { connectWooCommerce } from './woocommerce-connect.js';
import { wooCommerceChanged, wooCommerceCurrency } from './woocommerce-pages.js';
import { WOOCOMMERCE } from './woocommerce-platform.js';
import { reactivateDisabled } from './woocommerce-webhooks.js';

const settingsOf = (values: ApiContext['values']) => ({
  url: values.woocommerceUrl ?? '',
  consumerKey: values.woocommerceConsumerKey ?? '',
  consumerSecret: values.woocommerceConsumerSecret ?? '',
});

/** WooCommerce: signed webhooks, and the REST API (a Read key) for the sync and `backfill`. */
export const WOOCOMMERCE_CONNECTOR: Connector = {
  name: 'woocommerce',
  label: 'WooCommerce',
  webhook: { platform: WOOCOMMERCE, secret: 'woocommerceSecret' },
  settings: WOOCOMMERCE_SETTINGS,
  connect: ({ values, client }, options) => connectWooCommerce(client, settingsOf(values), options),
  openApi: ({ values, catalog, client, publicUrl }) => {
    const settings = settingsOf(values);
    return {
      changed: (kind, since) => wooCommerceChanged(client, settings, kind, since),
      map: (kind, payload) => WOOCOMMERCE.map(kind, payload, catalog),
      shopCurrency: () => wooCommerceCurrency(client, settings),
      ...(publicUrl
        ? { repairWebhooks: async () => (await reactivateDisabled(client, settings, publicUrl)).length }
        : {
            webhookRepairOff:
              "SHOPBEACON_PUBLIC_URL is not set: which webhooks are this relay's is not known, so disabled ones are not re-enabled",
          }),
    };
  },
};

// Re-exported so the package's declaration files carry the RelayConfig fields its config file declares.
export { WOOCOMMERCE_SETTINGS } from './woocommerce-config.js';
