import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { formatOfFile, type ImportFormat, type ImportKind } from '../import/source-item.js';
import { addDeliveryOptions, fail, runImportJob, type DeliveryFlags } from './import-job.js';

interface ImportFlags extends DeliveryFlags {
  format?: ImportFormat;
}

async function runImportCommand(kind: ImportKind, file: string, flags: ImportFlags): Promise<void> {
  const format =
    flags.format ??
    formatOfFile(file) ??
    fail('shopbeacon import', `cannot tell the format of ${file}: use --format csv|jsonl|json`);
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  await runImportJob(
    {
      command: 'shopbeacon import',
      kind,
      from: { file: resolve(file), format },
      stateName: `import-${kind}`,
      origin: { source: 'import' },
      flags,
    },
    abort.signal,
  );
}

/** `shopbeacon import orders|products FILE`: history from CSV, JSON Lines or a JSON array. */
export function importCommand(): Command {
  return addDeliveryOptions(new Command('import'), 'the import')
    .description('upload orders or products from a CSV, JSON Lines or JSON array file (streamed, resumable)')
    .argument('<kind>', 'orders or products', (value: string) => {
      if (value !== 'orders' && value !== 'products') throw new Error('kind must be orders or products');
      return value;
    })
    .argument('<file>', 'the file; the format comes from its extension (.csv, .jsonl, .ndjson, .json)')
    .addOption(new Option('--format <format>', 'override the format').choices(['csv', 'jsonl', 'json']))
    .addHelpText(
      'after',
      '\nExit codes: 0 all good, 2 some records invalid or refused (see --errors), 130 interrupted (re-run to resume).\nExamples of each format: examples/ in the package.',
    )
    .action((kind: ImportKind, file: string, flags: ImportFlags) => runImportCommand(kind, file, flags));
}
