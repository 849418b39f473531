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
  apiSettings: [
    { key: 'woocommerceUrl', env: 'SHOPBEACON_WOOCOMMERCE_URL', flag: '--url', help: 'the shop, e.g. https://shop.example' },
    { key: 'woocommerceConsumerKey', env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY', help: 'REST API consumer key (WooCommerce → Settings → Advanced → REST API, Read)' },
    { key: 'woocommerceConsumerSecret', env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET', help: 'REST API consumer secret' },
  ],
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
