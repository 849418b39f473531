import { Command } from 'commander';
import { settingOption } from './setting-option.js';
import { platformClientFor, type Connector } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import type { ConnectReport } from '../platforms/connect-report.js';
import { PlatformApiError } from '../platforms/platform-api-error.js';
import { fail } from './import-job.js';
import { addApiOptions, apiValuesFromFlags } from './platform-flags.js';

const COMMAND = 'shopbeacon connect';

interface ConnectFlags {
  publicUrl?: string;
  dryRun?: boolean;
  [flag: string]: unknown;
}

/** The variable of the connector's webhook secret (`SHOPBEACON_WOOCOMMERCE_SECRET`), if it has webhooks. */
function secretVariable(connector: Connector): string | undefined {
  return connector.settings.find((s) => s.key === connector.webhook?.secret)?.env;
}

/** Each step, then the environment lines the relay needs; exit 2 when the platform is not ready. */
function printReport(report: ConnectReport, connector: Connector, dryRun: boolean): void {
  for (const step of report.steps) process.stdout.write(`${step}\n`);
  // The sync reads the shop's currency itself; only product webhooks arrive without one.
  const currency = connector.webhook ? ' (and SHOPBEACON_SHOP_CURRENCY: product webhooks carry no currency)' : '';
  if (report.env.length > 0)
    process.stdout.write(
      `\n${dryRun ? 'The relay would need' : "Add to the relay's environment"}${currency}:\n${report.env.map((line) => `  ${line}`).join('\n')}\n`,
    );
  if (!report.ok) process.exitCode = 2;
}

async function connect(connector: Connector, flags: ConnectFlags): Promise<void> {
  const values = apiValuesFromFlags(COMMAND, connector, flags);
  const variable = secretVariable(connector);
  const client = platformClientFor(connector);
  try {
    const report = await connector.connect(
      { values, catalog: { currency: '' }, client },
      {
        publicUrl: flags.publicUrl,
        secret: variable ? process.env[variable] || undefined : undefined,
        dryRun: Boolean(flags.dryRun),
      },
    );
    printReport(report, connector, Boolean(flags.dryRun));
  } catch (error) {
    // A refused key that may read but not write webhooks is the usual cause where connect creates
    // them; elsewhere the platform's own refusal says it.
    if (error instanceof PlatformApiError)
      fail(
        COMMAND,
        error.refused && connector.webhook
          ? `${error.message}; connecting needs a key that may read and write webhooks (WooCommerce: Read/Write)`
          : error.message,
      );
    if (error instanceof Error && !(error instanceof TypeError)) fail(COMMAND, error.message);
    throw error;
  }
}

function connectorCommand(connector: Connector): Command {
  const command = new Command(connector.name)
    .description(
      connector.webhook
        ? `check the ${connector.label} key and create the webhook subscriptions the relay needs`
        : `check that the ${connector.label} key may read what the sync needs`,
    )
    .option('--dry-run', 'say what would be done; change nothing');
  if (connector.webhook)
    command.addOption(settingOption('publicUrl', 'the relay as the shop reaches it, e.g. https://shop.example/sb'));
  return addApiOptions(command, connector)
    .addHelpText(
      'after',
      connector.webhook
        ? `Uses ${secretVariable(connector) ?? 'the webhook secret'} when set, else generates one and prints it. Running it twice creates nothing twice; exit 2 when a permission is missing.`
        : 'Exit 2 when a permission is missing.',
    )
    .action((flags: ConnectFlags) => connect(connector, flags));
}

/**
 * `shopbeacon connect <platform>`: one command instead of the platform's admin screens, one
 * subcommand per connector.
 */
export function connectCommand(): Command {
  const command = new Command('connect').description(
    "check a shop platform's key and set up what the relay needs there (webhooks)",
  );
  for (const connector of CONNECTORS) command.addCommand(connectorCommand(connector));
  return command;
}
