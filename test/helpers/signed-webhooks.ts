import { stringifyBody } from '../../relay/shared/exact-json.js';
import { sign } from './platform-fixtures.js';
import { ADMIN_KEY, relayForSuite, type Harness } from './relay-harness.js';
import { postShopifyWebhook, postWebhook } from './webhook-post.js';

export const WOO_SECRET = 'wc-secret-5b1d7e';
export const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';

/** A WooCommerce delivery of `topic` as Hookshot posts it, signed with the suite's secret unless given another. */
export const woo = (h: Harness, topic: string, body: string, signature = sign(body, WOO_SECRET)) =>
  postWebhook(`${h.url}/webhooks/woocommerce`, body, {
    'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
    'x-wc-webhook-source': 'https://shop.example/',
    'x-wc-webhook-topic': topic,
    'x-wc-webhook-resource': topic.split('.')[0] ?? '',
    'x-wc-webhook-event': topic.split('.')[1] ?? '',
    'x-wc-webhook-id': '14',
    'x-wc-webhook-delivery-id': 'a3f1c9d27e5b08f4c6d1e2a7b9c0d3e4',
    ...(signature ? { 'x-wc-webhook-signature': signature } : {}),
  });

/** A Shopify delivery of `topic`, signed with the suite's secret. */
export const shopify = (h: Harness, topic: string, body: string, extra: Record<string, string> = {}) =>
  postShopifyWebhook(h.url, topic, body, SHOPIFY_SECRET, extra);

/** The mock service's records as the exact JSON text it keeps (64-bit ids included). */
export const serviceText = (h: Harness, kind: 'orders' | 'products') => stringifyBody(h.mock.records(kind));

/** The relay's dead letters, from its debugger's snapshot. */
export const deadLetters = async (h: Harness) =>
  (await (await fetch(`${h.url}/_debug/snapshot`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
    deadLetters: { body: string; lastError: string }[];
  };

/** A relay for a suite, taking both platforms' webhooks with the secrets above. */
export const webhookRelay = () =>
  relayForSuite({
    config: {
      woocommerceSecret: WOO_SECRET,
      shopifySecret: SHOPIFY_SECRET,
      shopCurrency: 'EUR',
      shopUrl: 'https://snowdevil.example',
    },
  });
