import { platformUrl, token } from '../../config/setting-parsers.js';
import type { SettingsOf } from '../../config/setting.js';
import type { PlatformSetting } from '../connector.js';

declare module '../../config/relay-config.js' {
  // The connector's rows give their fields, as the relay's own rows give theirs.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RelayConfig extends SettingsOf<typeof WOOCOMMERCE_SETTINGS> {}
}

/** WooCommerce's rows in the relay's settings: the webhook secret, and the REST API the sync and `backfill` page. */
export const WOOCOMMERCE_SETTINGS = [
  {
    key: 'woocommerceSecret',
    secret: true,
    env: 'SHOPBEACON_WOOCOMMERCE_SECRET',
    flag: '--woocommerce-secret',
    help: "the WooCommerce webhook's secret: enables POST /webhooks/woocommerce (never logged)",
    parse: token,
  },
  {
    key: 'woocommerceUrl',
    api: { flag: '--url', help: 'the shop, e.g. https://shop.example' },
    env: 'SHOPBEACON_WOOCOMMERCE_URL',
    flag: '--woocommerce-url',
    help: 'the WooCommerce shop, e.g. https://shop.example: with the consumer key and secret, the sync pulls its orders and products',
    parse: platformUrl,
  },
  {
    key: 'woocommerceConsumerKey',
    api: {},
    secret: true,
    env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY',
    flag: '--woocommerce-consumer-key',
    help: 'WooCommerce REST API consumer key (WooCommerce → Settings → Advanced → REST API, Read; Read/Write for connect and webhook repair; never logged)',
    parse: token,
  },
  {
    key: 'woocommerceConsumerSecret',
    api: {},
    secret: true,
    env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET',
    flag: '--woocommerce-consumer-secret',
    help: 'WooCommerce REST API consumer secret (never logged)',
    parse: token,
  },
] as const satisfies readonly PlatformSetting<string>[];
