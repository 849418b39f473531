import { settingOption } from './setting-option.js';
import { Option, type Command } from 'commander';
import type { FieldError } from '../contract/field-error.js';
import { join } from 'node:path';
import { createProgress } from '../import/import-progress.js';
import type { ImportSink } from '../import/import-sink.js';
import { ImportState } from '../import/import-state.js';
import { OutboxSink } from '../import/outbox-sink.js';
import { runImport, type ImportOptions, type ImportSummary } from '../import/run-import.js';
import type { ImportKind } from '../import/source-item.js';
import { ViaRelaySink } from '../import/via-relay-sink.js';
import { createLogger } from '../observability/logger.js';
import { ConfigError } from '../config/config-error.js';
import { createRelayCore, type RelayCore } from '../relay-core.js';
import { parseRelayConfig } from '../relay-settings.js';
import { coreSettingsOf } from '../core-settings.js';
import { parseWholeNumber } from './option-parsers.js';

/** Where an import or a backfill delivers, as its flags say. */
export interface DeliveryFlags {
  dryRun?: boolean;
  concurrency: number;
  via?: string;
  adminKey?: string;
  baseUrl?: string;
  token?: string;
  dataDir: string;
  errors?: string;
}

interface ImportJob {
  /** `shopbeacon import`, `shopbeacon backfill`: how its messages begin. */
  command: string;
  kind: ImportKind;
  from: ImportOptions['from'];
  /** Folder name under the data directory for this job's outbox and resume state. */
  stateName: string;
  /** The way in the records are announced as: `import`, or a platform's `backfill`. */
  origin: { source: 'import' | 'backfill'; platform?: string };
  flags: DeliveryFlags;
}

/** The flags every command that delivers history has: where to, how many at once, and where it keeps its state. */
export function addDeliveryOptions(command: Command, what: string): Command {
  return command
    .option('--errors <file>', 'write each invalid record as a JSON line {row, errors}')
    .option('--dry-run', 'validate only; send nothing')
    .addOption(new Option('--concurrency <n>', 'service calls in flight').default(16).argParser(parseWholeNumber))
    .option('--via <url>', "post to a running relay's /v1 mirror instead of delivering from this process")
    .addOption(settingOption('adminKey', 'the relay admin key, with --via'))
    .addOption(settingOption('baseUrl', "the service's base URL"))
    .addOption(settingOption('token', "the service's bearer token (better from the environment: a flag shows in ps)"))
    .addOption(settingOption('dataDir', `where ${what} keeps its outbox and what it delivered (to resume)`));
}

export function fail(command: string, message: string): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(1);
}

/**
 * The relay's own core, in this process: the job's outbox in a folder of its own, and the relay's
 * digests of what was delivered (in its data directory), so nothing either delivered is sent again.
 */
function jobCore(job: ImportJob, stateDir: string): RelayCore {
  const { flags } = job;
  const raw = {
    baseUrl: flags.baseUrl,
    token: flags.token,
    dataDir: join(stateDir, 'outbox'),
    outboxSync: 'normal',
    deliveryConcurrency: String(flags.concurrency),
    deliveryTimeoutMs: '30000',
  };
  try {
    return createRelayCore(coreSettingsOf(parseRelayConfig(raw)), {
      logger: createLogger('error'),
      platformStateDir: flags.dataDir,
    });
  } catch (error) {
    if (error instanceof ConfigError)
      fail(
        job.command,
        `${error.message}\n  (or post to a running relay with --via URL --admin-key KEY, or check the file with --dry-run)`,
      );
    throw error;
  }
}

async function openSink(job: ImportJob, stateDir: string, state: ImportState): Promise<ImportSink | undefined> {
  const { flags } = job;
  if (flags.dryRun) return undefined;
  if (flags.via) {
    if (!flags.adminKey) fail(job.command, '--via needs --admin-key (or SHOPBEACON_ADMIN_KEY)');
    return new ViaRelaySink(
      flags.via,
      flags.adminKey,
      Math.max(1, Math.ceil(flags.concurrency / 4)),
      state,
      job.origin,
    );
  }
  return OutboxSink.open({ core: jobCore(job, stateDir), origin: job.origin, state });
}

function skippedText(s: ImportSummary): string {
  const reasons = Object.entries(s.skipped).map(([reason, n]) => `${n} ${reason}`);
  return `skipped (older than 2 years) ${s.skippedOld}${reasons.length > 0 ? `, skipped ${reasons.join(', ')}` : ''}`;
}

function summaryText(kind: string, s: ImportSummary, dryRun: boolean): string {
  const verb = dryRun ? 'valid' : 'delivered';
  return [
    `${kind}: read ${s.read}, ${verb} ${dryRun ? s.queued : s.delivered}, invalid ${s.invalid}, failed ${s.failed}, ` +
      `${skippedText(s)}, unchanged (delivered before) ${s.unchanged}, ${s.seconds.toFixed(1)} s` +
      (dryRun || s.seconds === 0 ? '' : `, ${Math.round(s.delivered / s.seconds)} records/s`) +
      `, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    ...(s.interrupted ? ['interrupted: run the same command again to resume'] : []),
  ].join('\n');
}

/** The first refusals on stderr, so a mistake shows without `--errors`. */
function printRefusal(where: string, errors: FieldError[]): void {
  for (const e of errors.slice(0, 5)) process.stderr.write(`${where}: ${e.path ? `${e.path}: ` : ''}${e.message}\n`);
}

/**
 * Runs one import (a file, or a platform's history) with a progress bar, a summary line and the
 * exit code: 2 when records were invalid or refused, 130 when interrupted. Resolves to the summary.
 */
export async function runImportJob(job: ImportJob, signal: AbortSignal): Promise<ImportSummary> {
  const stateDir = join(job.flags.dataDir, job.stateName);
  const state = new ImportState(stateDir);
  const sink = await openSink(job, stateDir, state);
  const progress = createProgress(process.stderr, `${job.command.replace('shopbeacon ', '')} ${job.kind}`);
  let summary: ImportSummary;
  try {
    summary = await runImport({
      kind: job.kind,
      from: job.from,
      sink,
      state: job.flags.dryRun ? undefined : state,
      onProgress: progress.update,
      signal,
      onRefusal: printRefusal,
      ...(job.flags.errors ? { errorsFile: job.flags.errors } : {}),
    });
  } finally {
    progress.stop();
    await sink?.close();
    state.close();
  }
  // Calls in flight at an interrupt finish during close: count them.
  if (sink) summary = { ...summary, delivered: sink.counts().delivered, failed: sink.counts().failed };
  process.stdout.write(`${summaryText(job.kind, summary, Boolean(job.flags.dryRun))}\n`);
  if (summary.invalid > 0 || summary.failed > 0) process.exitCode = 2;
  if (summary.interrupted) process.exitCode = 130;
  return summary;
}
