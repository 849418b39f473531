import { Command } from 'commander';
import { backfillCommand } from './backfill-command.js';
import { importCommand } from './import-command.js';
import { mockUpstreamCommand } from './mock-upstream-command.js';
import { openapiCommand } from './openapi-command.js';
import { outboxCommand } from './outbox-command.js';
import { relayCommand } from './relay-command.js';

/** The `shopbeacon` command line: one subcommand per file, wired here. */
export function createProgram(): Command {
  return new Command('shopbeacon')
    .description('feed an e-commerce personalization service from the browser and the shop backend, durably')
    .showHelpAfterError()
    .addCommand(relayCommand())
    .addCommand(mockUpstreamCommand())
    .addCommand(outboxCommand())
    .addCommand(importCommand())
    .addCommand(backfillCommand())
    .addCommand(openapiCommand());
}

export async function main(argv: string[] = process.argv): Promise<void> {
  await createProgram().parseAsync(argv);
}
