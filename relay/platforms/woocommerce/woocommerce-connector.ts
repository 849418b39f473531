import type { Connector } from '../connector.js';
import { WOOCOMMERCE } from './woocommerce-platform.js';
import { wooCommerceChanged } from './woocommerce-pages.js';

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
  openApi: ({ values, catalog, client }) => {
    const settings = { url: values.woocommerceUrl ?? '', consumerKey: values.woocommerceConsumerKey ?? '', consumerSecret: values.woocommerceConsumerSecret ?? '' };
    return {
      changed: (kind, since) => wooCommerceChanged(client, settings, kind, since),
      map: (kind, payload) => WOOCOMMERCE.map(kind, payload, catalog),
    };
  },
};
