import { fields, list } from '../mapping.js';
import type { PlatformClient } from '../platform-client.js';
import type { WooCommerceApiSettings } from './woocommerce-pages.js';
import { WOOCOMMERCE } from './woocommerce-platform.js';

/** A webhook as `/wp-json/wc/v3/webhooks` lists it. */
export interface WooWebhook {
  id: number;
  topic: string;
  status: string;
  deliveryUrl: string;
}

/** The path of this relay's endpoint, behind whatever public origin (`…/sb/webhooks/woocommerce`). */
const WOO_WEBHOOK_PATH = '/webhooks/woocommerce';

/** This relay's endpoint behind its public base: where its webhooks deliver. */
export const wooEndpoint = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${WOO_WEBHOOK_PATH}`;

/** The topics the relay takes, one webhook each. */
export const WOO_TOPICS = Object.keys(WOOCOMMERCE.topics);

const auth = (s: WooCommerceApiSettings) => ({
  authorization: `Basic ${Buffer.from(`${s.consumerKey}:${s.consumerSecret}`).toString('base64')}`,
});
const endpoint = (s: WooCommerceApiSettings, path = '') => `${s.url.replace(/\/+$/, '')}/wp-json/wc/v3/webhooks${path}`;

/** This relay's webhooks (delivery URL ending in `/webhooks/woocommerce`), every page of them. */
export async function relayWebhooks(client: PlatformClient, settings: WooCommerceApiSettings): Promise<WooWebhook[]> {
  const found: WooWebhook[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await client.get(`${endpoint(settings)}?per_page=100&page=${page}`, auth(settings));
    const rows = list(body).map(fields);
    for (const row of rows) {
      const deliveryUrl = String(row['delivery_url'] ?? '');
      if (deliveryUrl.replace(/\/+$/, '').endsWith(WOO_WEBHOOK_PATH))
        found.push({ id: Number(row['id']), topic: String(row['topic']), status: String(row['status']), deliveryUrl });
    }
    if (rows.length < 100) return found;
  }
}

/**
 * Sets a webhook `active` again (and its secret, when given). WooCommerce keeps its failure count:
 * only the status changes.
 */
export async function activateWebhook(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
  id: number,
  secret?: string,
): Promise<void> {
  await client.send('PUT', endpoint(settings, `/${id}`), auth(settings), {
    status: 'active',
    ...(secret ? { secret } : {}),
  });
}

export async function createWebhook(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
  topic: string,
  deliveryUrl: string,
  secret: string,
): Promise<void> {
  await client.send('POST', endpoint(settings), auth(settings), {
    name: `shopbeacon ${topic}`,
    topic,
    delivery_url: deliveryUrl,
    secret,
    status: 'active',
  });
}

/**
 * The sync's repair: WooCommerce disables a webhook after more than five failed deliveries in a
 * row and never retries one, so this relay's disabled webhooks are set active again (the sweep
 * covers the gap). Only those at this relay's own address: one left at an old address would fail
 * again and be re-enabled every sweep. Returns the ids re-enabled.
 */
export async function reactivateDisabled(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
  publicUrl: string,
): Promise<number[]> {
  const ours = wooEndpoint(publicUrl);
  const disabled = (await relayWebhooks(client, settings)).filter(
    (w) => w.status === 'disabled' && w.deliveryUrl.replace(/\/+$/, '') === ours,
  );
  for (const webhook of disabled) await activateWebhook(client, settings, webhook.id);
  return disabled.map((w) => w.id);
}
