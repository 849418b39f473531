import { randomBytes } from 'node:crypto';
import type { ConnectOptions, ConnectReport } from '../connect-report.js';
import type { PlatformClient } from '../platform-client.js';
import type { WooCommerceApiSettings } from './woocommerce-pages.js';
import { activateWebhook, createWebhook, relayWebhooks, WOO_TOPICS, WOO_WEBHOOK_PATH } from './woocommerce-webhooks.js';

/**
 * `shopbeacon connect woocommerce`: one webhook per topic the relay takes, pointing at
 * `<public URL>/webhooks/woocommerce`, active and signed with one secret. A webhook that exists is
 * set active with that secret, never created twice. Needs a Read/Write REST key.
 */
export async function connectWooCommerce(client: PlatformClient, settings: WooCommerceApiSettings, options: ConnectOptions): Promise<ConnectReport> {
  if (!options.publicUrl) throw new Error('--public-url is required: the address the shop reaches the relay at, e.g. https://shop.example/sb');
  const deliveryUrl = `${options.publicUrl.replace(/\/+$/, '')}${WOO_WEBHOOK_PATH}`;
  const existing = await relayWebhooks(client, settings);
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const verb = (done: string, planned: string) => (options.dryRun ? planned : done);
  const steps: string[] = [];
  for (const topic of WOO_TOPICS) {
    const found = existing.find((w) => w.topic === topic && w.deliveryUrl.replace(/\/+$/, '') === deliveryUrl);
    if (found) {
      if (!options.dryRun) await activateWebhook(client, settings, found.id, secret);
      steps.push(`${verb('kept', 'would keep')} ${topic} → ${deliveryUrl} (webhook ${found.id}, ${found.status === 'active' ? 'active' : `${found.status}, set active`}, secret set)`);
    } else {
      if (!options.dryRun) await createWebhook(client, settings, topic, deliveryUrl, secret);
      steps.push(`${verb('created', 'would create')} ${topic} → ${deliveryUrl}`);
    }
  }
  const env = [
    `SHOPBEACON_WOOCOMMERCE_SECRET=${options.secret ? '… (as set)' : secret}`,
    `SHOPBEACON_WOOCOMMERCE_URL=${settings.url}`,
    'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY=… (as set)',
    'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET=… (as set)',
  ];
  return { steps, env, ok: true };
}
