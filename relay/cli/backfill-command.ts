import { Command, InvalidArgumentError, Option } from 'commander';
import { historyStart } from '../contract/window.js';
import { BackfillError } from '../backfill/backfill-error.js';
import { PlatformClient } from '../backfill/platform-client.js';
import { platformItems } from '../backfill/platform-items.js';
import { shopifyPayloads } from '../backfill/shopify-pages.js';
import { wooCommercePayloads } from '../backfill/woocommerce-pages.js';
import type { CatalogSettings } from '../platforms/mapping.js';
import type { Platform } from '../platforms/platform.js';
import { SHOPIFY } from '../platforms/shopify/shopify-platform.js';
import { WOOCOMMERCE } from '../platforms/woocommerce/woocommerce-platform.js';
import { parseDuration } from './duration.js';
import { addDeliveryOptions, fail, runImportJob, type DeliveryFlags } from './import-job.js';

const COMMAND = 'shopbeacon backfill';
type Kind = 'orders' | 'products';

interface BackfillFlags extends DeliveryFlags {
  since?: number;
  currency?: string;
  only?: Kind;
}

/** `--since 2025-06-01` or `--since 90d`, in epoch ms; never before the service's two years. */
function parseSince(value: string): number {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.now() - parseDuration(value);
  if (!Number.isFinite(at)) throw new InvalidArgumentError('must be a date (2025-06-01) or a duration (90d)');
  if (at < historyStart(Date.now())) throw new InvalidArgumentError('must be within the last 2 years (the service keeps no older orders)');
  return at;
}

/** A secret from the environment only: it never appears in argv, where `ps` and shell history would show it. */
function secretFromEnv(name: string): string {
  return process.env[name] || fail(COMMAND, `set ${name} (secrets are read from the environment, never from the command line)`);
}

function deliveryOptions(command: Command): Command {
  return addDeliveryOptions(command, 'the backfill')
    .addOption(new Option('--since <date|duration>', 'only orders created since then (default: 2 years ago, the service\'s window)').argParser(parseSince))
    .addOption(new Option('--only <kind>', 'only orders or only products').choices(['orders', 'products']))
    .addOption(new Option('--currency <code>', "the catalog's currency (products carry none)").env('SHOPBEACON_SHOP_CURRENCY'))
    .addHelpText('after', '\nProducts first, then orders. Exit codes as `shopbeacon import`: 0 all good, 2 some records invalid or refused, 130 interrupted (re-run to resume).');
}

/** Products, then orders: a product an order names is in the catalog first. */
async function backfill(platform: Platform, flags: BackfillFlags, settings: CatalogSettings, pages: (kind: Kind, since: Date) => AsyncIterable<unknown>): Promise<void> {
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const since = new Date(flags.since ?? historyStart(Date.now()));
  const kinds: Kind[] = flags.only ? [flags.only] : ['products', 'orders'];
  try {
    for (const kind of kinds) {
      if (abort.signal.aborted) break;
      const items = platformItems(pages(kind, since), platform, kind === 'orders' ? 'order' : 'product', settings);
      await runImportJob({ command: COMMAND, kind, from: { items, exactIntegers: true }, stateName: `backfill-${platform.source}-${kind}`, flags }, abort.signal);
    }
  } catch (error) {
    if (error instanceof BackfillError) fail(COMMAND, error.message);
    throw error;
  }
}

function catalogCurrency(flags: BackfillFlags): string {
  if (flags.only === 'orders') return '';
  const currency = flags.currency ?? fail(COMMAND, 'set SHOPBEACON_SHOP_CURRENCY (or --currency): the platform\'s products carry no currency');
  if (!/^[A-Za-z]{3}$/.test(currency)) fail(COMMAND, `SHOPBEACON_SHOP_CURRENCY (--currency) must be a three-letter code such as EUR; got ${JSON.stringify(currency)}`);
  return currency.toUpperCase();
}

function wooCommerceCommand(): Command {
  return deliveryOptions(new Command('woocommerce'))
    .description('send a WooCommerce shop\'s orders (last 2 years) and products, through its REST API')
    .requiredOption('--url <url>', 'the shop, e.g. https://shop.example (HTTPS: WooCommerce takes the API key over it)')
    .addHelpText('after', 'Reads SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY and SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET (WooCommerce → Settings → Advanced → REST API, Read).')
    .action((flags: BackfillFlags & { url: string }) => {
      const consumerKey = secretFromEnv('SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY');
      const consumerSecret = secretFromEnv('SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET');
      const client = new PlatformClient({ platform: 'WooCommerce' });
      return backfill(WOOCOMMERCE, flags, { currency: catalogCurrency(flags) }, (kind, since) => wooCommercePayloads(client, { url: flags.url, consumerKey, consumerSecret, kind, since }));
    });
}

function shopifyCommand(): Command {
  return deliveryOptions(new Command('shopify'))
    .description('send a Shopify store\'s orders (last 2 years) and products, through the Admin REST API')
    .requiredOption('--shop <domain>', 'the store, e.g. snowdevil.myshopify.com')
    .addOption(new Option('--api-version <version>', 'Admin API version').default('2025-10'))
    .addOption(new Option('--shop-url <url>', 'the storefront, for product links (default: https://<shop>)').env('SHOPBEACON_SHOP_URL'))
    .addHelpText('after', 'Reads SHOPBEACON_SHOPIFY_ADMIN_TOKEN (a custom app with read_orders, read_products; read_all_orders for orders older than 60 days).')
    .action((flags: BackfillFlags & { shop: string; apiVersion: string; shopUrl?: string }) => {
      const adminToken = secretFromEnv('SHOPBEACON_SHOPIFY_ADMIN_TOKEN');
      const client = new PlatformClient({ platform: 'Shopify' });
      const shopUrl = flags.shopUrl ?? (flags.shop.includes('://') ? flags.shop : `https://${flags.shop}`);
      return backfill(SHOPIFY, flags, { currency: catalogCurrency(flags), shopUrl }, (kind, since) => shopifyPayloads(client, { shop: flags.shop, adminToken, apiVersion: flags.apiVersion, kind, since }));
    });
}

/** `shopbeacon backfill woocommerce|shopify`: a platform's history, through the same mapping as its webhooks. */
export function backfillCommand(): Command {
  return new Command('backfill')
    .description('send a shop platform\'s history (orders of the last 2 years, products) to the service, resumable')
    .addCommand(wooCommerceCommand())
    .addCommand(shopifyCommand());
}
