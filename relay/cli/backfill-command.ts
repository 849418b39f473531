import { Command, InvalidArgumentError, Option } from 'commander';
import { currencyCode } from '../config/setting-parsers.js';
import { settingOption } from './setting-option.js';
import { historyStart, historyStartOf } from '../contract/window.js';
import { catalogSettingsFor, platformClientFor, type Connector } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { PlatformApiError } from '../platforms/platform-api-error.js';
import { platformItems } from './platform-items.js';
import { fillShopCurrency } from '../platforms/shop-currency.js';
import { parseDuration } from './option-parsers.js';
import { addDeliveryOptions, fail, runImportJob, type DeliveryFlags } from './import-job.js';
import { addApiOptions, apiValuesFromFlags } from './platform-flags.js';

const COMMAND = 'shopbeacon backfill';
type Kind = 'orders' | 'products';

interface BackfillFlags extends DeliveryFlags {
  since?: number;
  shopCurrency?: string;
  currency?: string;
  only?: Kind;
  shopUrl?: string;
  [flag: string]: unknown;
}

/** `--since 2025-06-01` or `--since 90d`, in epoch ms; never before the service's two years. */
function parseSince(value: string): number {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.now() - parseDuration(value);
  if (!Number.isFinite(at)) throw new InvalidArgumentError('must be a date (2025-06-01) or a duration (90d)');
  if (at < historyStart(Date.now()))
    throw new InvalidArgumentError('must be within the last 2 years (the service keeps no older orders)');
  return at;
}

/** `--currency`, the earlier name of `--shop-currency`, checked by the relay's rule. */
function asCurrency(value: string): string {
  try {
    return currencyCode(value);
  } catch (error) {
    throw new InvalidArgumentError(`SHOPBEACON_SHOP_CURRENCY (--currency) ${(error as Error).message}`);
  }
}

/** The catalog's currency as given, or '' for the shop to tell (products carry none). */
function catalogCurrency(flags: BackfillFlags): string {
  return flags.only === 'orders' ? '' : (flags.shopCurrency ?? flags.currency ?? '');
}

/** Products, then orders: a product an order names is in the catalog first. */
async function backfill(connector: Connector, flags: BackfillFlags): Promise<void> {
  const values = apiValuesFromFlags(COMMAND, connector, flags);
  const catalog = catalogSettingsFor(
    connector,
    { shopCurrency: catalogCurrency(flags), shopUrl: flags.shopUrl },
    values,
  );
  const api = connector.openApi({ values, catalog, client: platformClientFor(connector) });
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const kinds: Kind[] = flags.only ? [flags.only] : ['products', 'orders'];
  try {
    if (kinds.includes('products'))
      await fillShopCurrency(catalog, api, connector.label).catch((error: Error) => fail(COMMAND, error.message));
    for (const kind of kinds) {
      if (abort.signal.aborted) break;
      const platformKind = kind === 'orders' ? 'order' : 'product';
      const items = platformItems(api, platformKind, flags.since ?? historyStartOf(platformKind, Date.now()));
      await runImportJob(
        {
          command: COMMAND,
          kind,
          from: { items, exactIntegers: true },
          stateName: `backfill-${connector.name}-${kind}`,
          origin: { source: 'backfill', platform: connector.name },
          flags,
        },
        abort.signal,
      );
    }
  } catch (error) {
    if (error instanceof PlatformApiError) fail(COMMAND, error.message);
    throw error;
  }
}

function connectorCommand(connector: Connector): Command {
  const command = addDeliveryOptions(new Command(connector.name), 'the backfill')
    .description(`send a ${connector.label} shop's orders (changed in the last 2 years) and products, through its API`)
    .addOption(
      new Option(
        '--since <date|duration>',
        "only records changed since then (default: orders of the last 2 years, the service's window, and every product)",
      ).argParser(parseSince),
    )
    .addOption(new Option('--only <kind>', 'only orders or only products').choices(['orders', 'products']))
    .addOption(
      settingOption(
        'shopCurrency',
        "the catalog's currency (products carry none; default: the shop's own, asked of its API)",
      ),
    )
    // The flag this command had before it took the relay's own (--shop-currency): kept for scripts that use it.
    .addOption(new Option('--currency <code>').hideHelp().argParser(asCurrency))
    .addOption(settingOption('shopUrl', "the storefront, for product links (default: the shop's own address)"));
  return addApiOptions(command, connector)
    .addHelpText(
      'after',
      'Products first, then orders. Exit codes as `shopbeacon import`: 0 all good, 2 some records invalid or refused, 130 interrupted (re-run to resume).',
    )
    .action((flags: BackfillFlags) => backfill(connector, flags));
}

/**
 * `shopbeacon backfill <platform>`: a platform's history, through the same mapping as its webhooks,
 * one subcommand per connector.
 */
export function backfillCommand(): Command {
  const command = new Command('backfill').description(
    "send a shop platform's history (orders of the last 2 years, products) to the service, resumable",
  );
  for (const connector of CONNECTORS) command.addCommand(connectorCommand(connector));
  return command;
}
