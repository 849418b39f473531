import { randomBytes } from 'node:crypto';
import type { ConnectOptions, ConnectReport } from '../connect-report.js';
import type { PlatformClient } from '../platform-client.js';
import type { WooCommerceApiSettings } from './woocommerce-pages.js';
import { undeliverableByWordPress } from './wordpress-delivery-url.js';
import { webhookUnreachable } from './webhook-reach.js';
import {
  activateWebhook,
  createWebhook,
  relayWebhooks,
  WOO_TOPICS,
  wooEndpoint,
  type WooWebhook,
} from './woocommerce-webhooks.js';

/**
 * The secret to sign with: the one given; none when every topic already has this relay's webhook
 * (they keep theirs: a new one would break the relay already running with it, and WooCommerce shows
 * no secret to read back); a new one otherwise, set on every webhook so that all of them match.
 */
function secretFor(options: ConnectOptions, found: (WooWebhook | undefined)[]): string | undefined {
  if (options.secret) return options.secret;
  return found.every(Boolean) ? undefined : randomBytes(24).toString('base64url');
}

function secretLine(options: ConnectOptions, secret: string | undefined): string {
  if (options.secret) return 'SHOPBEACON_WOOCOMMERCE_SECRET=… (as set)';
  // A dry run sets none: a secret printed here would be one no webhook has.
  if (secret && options.dryRun)
    return 'SHOPBEACON_WOOCOMMERCE_SECRET=<generated and printed when run without --dry-run>';
  if (!secret)
    return 'SHOPBEACON_WOOCOMMERCE_SECRET=… (unchanged: the webhooks keep the secret they have; set one to rotate it)';
  return `SHOPBEACON_WOOCOMMERCE_SECRET=${secret}`;
}

/**
 * `shopbeacon connect woocommerce`: one webhook per topic the relay takes, pointing at
 * `<public URL>/webhooks/woocommerce`, active and signed with one secret. A webhook that exists is
 * set active, never created twice; running it again changes no secret unless one is given.
 * Needs a Read/Write REST key.
 */
export async function connectWooCommerce(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
  options: ConnectOptions,
): Promise<ConnectReport> {
  if (!options.publicUrl)
    throw new Error(
      '--public-url is required: the address the shop reaches the relay at, e.g. https://shop.example/sb',
    );
  const deliveryUrl = wooEndpoint(options.publicUrl);
  const refused = undeliverableByWordPress(deliveryUrl, settings.url);
  if (refused) throw new Error(`--public-url ${options.publicUrl}: ${refused}`);
  const existing = await relayWebhooks(client, settings);
  const found = WOO_TOPICS.map((topic) =>
    existing.find((w) => w.topic === topic && w.deliveryUrl.replace(/\/+$/, '') === deliveryUrl),
  );
  const secret = secretFor(options, found);
  const verb = (done: string, planned: string) => (options.dryRun ? planned : done);
  const steps: string[] = [];
  const unreachable = await webhookUnreachable(deliveryUrl);
  if (unreachable) {
    steps.push(
      `warning: ${unreachable}. WooCommerce delivers each change once and disables a webhook after five failed deliveries in a row: start the relay behind ${options.publicUrl}, then run connect again (it sets disabled webhooks active); until then the sync's sweeps carry the changes`,
    );
  }
  for (const [i, topic] of WOO_TOPICS.entries()) {
    const hook = found[i];
    if (hook) {
      if (!options.dryRun) await activateWebhook(client, settings, hook.id, secret);
      steps.push(
        `${verb('kept', 'would keep')} ${topic} → ${deliveryUrl} (webhook ${hook.id}, ${hook.status === 'active' ? 'active' : `${hook.status}, set active`}, ${secret ? 'secret set' : 'its secret kept'})`,
      );
    } else {
      if (!options.dryRun) await createWebhook(client, settings, topic, deliveryUrl, secret as string);
      steps.push(`${verb('created', 'would create')} ${topic} → ${deliveryUrl}`);
    }
  }
  const env = [
    secretLine(options, secret),
    `SHOPBEACON_WOOCOMMERCE_URL=${settings.url}`,
    // Which webhooks are the relay's, so its sweeps set them active again when WooCommerce disables them.
    `SHOPBEACON_PUBLIC_URL=${options.publicUrl}`,
    'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY=… (as set)',
    'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET=… (as set)',
  ];
  return { steps, env, ok: true };
}
