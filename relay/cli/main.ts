import { Command } from 'commander';
import { ConfigError } from '../config/config-error.js';
import { secretFileValues } from '../config/secret-files.js';
import { RELAY_SETTINGS } from '../relay-settings.js';
import { SchemaTooNewError } from '../shared/schema-version.js';
import { OutboxOpenError } from '../outbox/outbox-errors.js';
import { packageVersion } from '../shared/package-root.js';
import { SqliteDriverError } from '../shared/sqlite-driver-error.js';
import { backfillCommand } from './backfill-command.js';
import { connectCommand } from './connect-command.js';
import { coverageCommand } from './coverage-command.js';
import { doctorCommand } from './doctor-command.js';
import { importCommand } from './import-command.js';
import { mockUpstreamCommand } from './mock-upstream-command.js';
import { openapiCommand } from './openapi-command.js';
import { outboxCommand } from './outbox-command.js';
import { pixelCommand } from './pixel-command.js';
import { relayCommand } from './relay-command.js';

/** The `shopbeacon` command line: one subcommand per file, wired here. */
export function createProgram(): Command {
  return new Command('shopbeacon')
    .description('feed an e-commerce personalization service from the browser and the shop backend, durably')
    .version(packageVersion(), '-V, --version', 'print the version of shopbeacon and exit')
    .showHelpAfterError()
    .addCommand(relayCommand())
    .addCommand(mockUpstreamCommand())
    .addCommand(outboxCommand())
    .addCommand(importCommand())
    .addCommand(backfillCommand())
    .addCommand(connectCommand())
    .addCommand(doctorCommand())
    .addCommand(coverageCommand())
    .addCommand(pixelCommand())
    .addCommand(openapiCommand());
}

/**
 * Runs the command line; an SQLite driver this Node cannot load, a data file from a newer
 * shopbeacon, an outbox that cannot be opened (a damaged file), or an unreadable secret file, is a
 * message and exit 1 in every command.
 */
export async function main(argv: string[] = process.argv): Promise<void> {
  try {
    // Before commander reads the environment: every command then sees a `*_FILE` secret as its variable.
    Object.assign(process.env, secretFileValues(RELAY_SETTINGS, process.env));
    await createProgram().parseAsync(argv);
  } catch (error) {
    if (
      !(error instanceof SqliteDriverError) &&
      !(error instanceof SchemaTooNewError) &&
      !(error instanceof ConfigError) &&
      !(error instanceof OutboxOpenError)
    )
      throw error;
    process.stderr.write(`shopbeacon: ${error.message}\n`);
    process.exit(1);
  }
}
