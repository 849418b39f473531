import { platformUrl, token } from '../../config/setting-parsers.js';
import type { PlatformSetting } from '../connector.js';

declare module '../../config/relay-config.js' {
  interface RelayConfig {
    /** WooCommerce's webhook secret; `POST /webhooks/woocommerce` exists only with it. */
    woocommerceSecret: string | undefined;
    /** The WooCommerce shop's address, for the sync (with the consumer key and secret). */
    woocommerceUrl: string | undefined;
    /** WooCommerce REST API consumer key (Read); never logged. */
    woocommerceConsumerKey: string | undefined;
    /** WooCommerce REST API consumer secret; never logged. */
    woocommerceConsumerSecret: string | undefined;
  }
}

/** WooCommerce's rows in the relay's settings: the webhook secret, and the REST API the sync and `backfill` page. */
export const WOOCOMMERCE_SETTINGS: PlatformSetting[] = [
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
];
