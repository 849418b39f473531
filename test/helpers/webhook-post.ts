import { sign } from './platform-fixtures.js';
import { request } from 'undici';

export interface Delivery {
  status: number;
  body: Record<string, unknown>;
}

/** A platform's webhook delivery as it posts it: JSON bytes and its headers; the relay's answer. */
export async function postWebhook(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<Delivery> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A Shopify webhook delivery to the relay at `relayUrl`, signed with `secret`, with Shopify's headers. */
export function postShopifyWebhook(
  relayUrl: string,
  topic: string,
  body: string,
  secret: string,
  extra: Record<string, string> = {},
): Promise<Delivery> {
  return postWebhook(`${relayUrl}/webhooks/shopify`, body, {
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': sign(body, secret),
    'x-shopify-shop-domain': 'snowdevil.myshopify.com',
    'x-shopify-api-version': '2026-10',
    'x-shopify-webhook-id': `b54557e4-bdd9-4b37-8a5f-bf7d70bcd04${topic.length % 10}`,
    'x-shopify-triggered-at': new Date().toISOString(),
    ...extra,
  });
}
