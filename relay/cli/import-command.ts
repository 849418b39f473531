import type { FieldError } from '../contract/field-error.js';
import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { createLogger } from '../observability/logger.js';
import { createProgress } from '../import/import-progress.js';
import type { ImportSink } from '../import/import-sink.js';
import { ImportState } from '../import/import-state.js';
import { OutboxSink } from '../import/outbox-sink.js';
import { runImport, type ImportSummary } from '../import/run-import.js';
import { formatOfFile, type ImportFormat, type ImportKind } from '../import/source-item.js';
import { ViaRelaySink } from '../import/via-relay-sink.js';
import { parseWholeNumber } from './option-parsers.js';

interface ImportFlags {
  format?: ImportFormat;
  errors?: string;
  dryRun?: boolean;
  concurrency: number;
  via?: string;
  adminKey?: string;
  baseUrl?: string;
  token?: string;
  dataDir: string;
}

function fail(message: string): never {
  process.stderr.write(`shopbeacon import: ${message}\n`);
  process.exit(1);
}

function openSink(flags: ImportFlags, stateDir: string, state: ImportState): ImportSink | undefined {
  if (flags.dryRun) return undefined;
  if (flags.via) {
    if (!flags.adminKey) fail('--via needs --admin-key (or SHOPBEACON_ADMIN_KEY)');
    return new ViaRelaySink(flags.via, flags.adminKey, Math.max(1, Math.ceil(flags.concurrency / 4)), state);
  }
  if (!flags.baseUrl || !flags.token) fail('set SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN, or use --via URL --admin-key KEY, or --dry-run');
  return new OutboxSink({ dataDir: join(stateDir, 'outbox'), baseUrl: flags.baseUrl, token: flags.token, concurrency: flags.concurrency, state, logger: createLogger('error') });
}

function summaryText(kind: string, s: ImportSummary, dryRun: boolean): string {
  const verb = dryRun ? 'valid' : 'delivered';
  return [
    `${kind}: read ${s.read}, ${verb} ${dryRun ? s.queued : s.delivered}, invalid ${s.invalid}, failed ${s.failed}, ` +
      `skipped (older than 2 years) ${s.skippedOld}, unchanged since last run ${s.unchanged}, ${s.seconds.toFixed(1)} s` +
      (dryRun || s.seconds === 0 ? '' : `, ${Math.round(s.delivered / s.seconds)} records/s`) +
      `, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    ...(s.interrupted ? ['interrupted: run the same command again to resume'] : []),
  ].join('\n');
}

/** The first refusals on stderr, so a mistake shows without `--errors`. */
function printRefusal(row: number, errors: FieldError[]): void {
  for (const e of errors.slice(0, 5)) process.stderr.write(`row ${row}: ${e.path ? `${e.path}: ` : ''}${e.message}\n`);
}

async function runImportCommand(kind: ImportKind, file: string, flags: ImportFlags): Promise<void> {
  const format = flags.format ?? formatOfFile(file) ?? fail(`cannot tell the format of ${file}: use --format csv|jsonl|json`);
  const stateDir = join(flags.dataDir, `import-${kind}`);
  const state = new ImportState(stateDir);
  const sink = openSink(flags, stateDir, state);
  const progress = createProgress(process.stderr, `import ${kind}`);
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  let summary: ImportSummary;
  try {
    summary = await runImport({ kind, file: resolve(file), format, sink, state: flags.dryRun ? undefined : state, onProgress: progress.update, signal: abort.signal, onRefusal: printRefusal, ...(flags.errors ? { errorsFile: flags.errors } : {}) });
  } finally {
    progress.stop();
    await sink?.close();
    state.close();
  }
  // Calls in flight at an interrupt finish during close: count them.
  if (sink) summary = { ...summary, delivered: sink.counts().delivered, failed: sink.counts().failed };
  process.stdout.write(`${summaryText(kind, summary, Boolean(flags.dryRun))}\n`);
  if (summary.invalid > 0 || summary.failed > 0) process.exitCode = 2;
  if (summary.interrupted) process.exitCode = 130;
}

/** `shopbeacon import orders|products FILE`: history from CSV, JSON Lines or a JSON array. */
export function importCommand(): Command {
  return new Command('import')
    .description('upload orders or products from a CSV, JSON Lines or JSON array file (streamed, resumable)')
    .argument('<kind>', 'orders or products', (value: string) => {
      if (value !== 'orders' && value !== 'products') throw new Error('kind must be orders or products');
      return value;
    })
    .argument('<file>', 'the file; the format comes from its extension (.csv, .jsonl, .ndjson, .json)')
    .addOption(new Option('--format <format>', 'override the format').choices(['csv', 'jsonl', 'json']))
    .option('--errors <file>', 'write each invalid record as a JSON line {row, errors}')
    .option('--dry-run', 'validate only; send nothing')
    .addOption(new Option('--concurrency <n>', 'service calls in flight').default(16).argParser(parseWholeNumber))
    .option('--via <url>', "post to a running relay's /v1 mirror instead of delivering from this process")
    .addOption(new Option('--admin-key <key>', 'the relay admin key, with --via').env('SHOPBEACON_ADMIN_KEY'))
    .addOption(new Option('--base-url <url>', "the service's base URL").env('SHOPBEACON_BASE_URL'))
    .addOption(new Option('--token <token>', "the service's bearer token").env('SHOPBEACON_TOKEN'))
    .addOption(new Option('--data-dir <path>', 'where the import keeps its outbox and what it delivered (to resume)').env('SHOPBEACON_DATA_DIR').default('./.shopbeacon'))
    .addHelpText('after', '\nExit codes: 0 all good, 2 some records invalid or refused (see --errors), 130 interrupted (re-run to resume).\nExamples of each format: examples/ in the package.')
    .action((kind: ImportKind, file: string, flags: ImportFlags) => runImportCommand(kind, file, flags));
}
