import { createWriteStream, type WriteStream } from 'node:fs';
import type { FieldError } from '../contract/field-error.js';
import { KINDS, type KindInfo, type RecordKind } from '../contract/kinds.js';
import { readCsv } from './csv-source.js';
import { checkRecord } from '../pipeline/check-record.js';
import { stringifyBody } from '../shared/exact-json.js';
import type { ImportRecord, ImportSink } from './import-sink.js';
import type { ImportState } from './import-state.js';
import { readJsonArray, readJsonLines } from './json-sources.js';
import type { ProgressFigures } from './import-progress.js';
import type { ImportFormat, ImportKind, SourceItem } from './source-item.js';

export interface ImportOptions {
  kind: ImportKind;
  /** The records: a file in `format`, or any source of items (a platform's pages). */
  from: { file: string; format: ImportFormat } | { items: AsyncIterable<SourceItem>; exactIntegers: true };
  /** No sink: validate only (`--dry-run`). */
  sink: ImportSink | undefined;
  state: ImportState | undefined;
  errorsFile?: string;
  /** Told of the first refusals (the CLI prints them); all of them go to `errorsFile`. */
  /** A refusal, with where it is: `row 9` of a file, `order 13` of a platform. */
  onRefusal?: (where: string, errors: FieldError[]) => void;
  onProgress: (figures: ProgressFigures) => void;
  /** Aborted by Ctrl-C: reading stops; what was handed over is still drained. */
  signal?: AbortSignal;
  now?: () => number;
}

export interface ImportSummary {
  read: number;
  queued: number;
  delivered: number;
  invalid: number;
  failed: number;
  skippedOld: number;
  /** Records not sent for a reason of the source (variations, drafts), by reason. */
  skipped: Record<string, number>;
  unchanged: number;
  seconds: number;
  interrupted: boolean;
}

const BATCH = 500;

/** Orders older than the service's 2-year window are skipped and counted, not reported as errors. */
function isOnlyTooOld(errors: FieldError[]): boolean {
  return errors.length === 1 && errors[0]?.path === 'date_created_gmt' && errors[0].code === 'too_old';
}

/** Refusals told to `onRefusal`: enough to see the pattern, not a flood. */
const SHOWN_REFUSALS = 10;

/** One run of an import: reads, validates and hands over records in batches, counting everything. */
class ImportRun {
  private readonly kind: RecordKind;
  private readonly info: KindInfo;
  private readonly errorsOut: WriteStream | undefined;
  private readonly tally = {
    read: 0,
    queued: 0,
    invalid: 0,
    skippedOld: 0,
    unchanged: 0,
    skipped: {} as Record<string, number>,
  };
  private batch: ImportRecord[] = [];

  constructor(private readonly options: ImportOptions) {
    this.kind = options.kind === 'orders' ? 'order' : 'product';
    this.info = KINDS[this.kind];
    this.errorsOut = options.errorsFile ? createWriteStream(options.errorsFile) : undefined;
  }

  private source(): AsyncIterable<SourceItem> {
    const { from, kind } = this.options;
    if ('items' in from) return from.items;
    if (from.format === 'csv') return readCsv(from.file, kind);
    return from.format === 'jsonl' ? readJsonLines(from.file) : readJsonArray(from.file);
  }

  private report(row: number, errors: FieldError[], label?: string): void {
    this.tally.invalid += 1;
    if (this.tally.invalid <= SHOWN_REFUSALS) this.options.onRefusal?.(label ?? `row ${row}`, errors);
    this.errorsOut?.write(`${JSON.stringify({ row, ...(label ? { record: label } : {}), errors })}\n`);
  }

  /** A record the sink refused, named as its source named it. */
  private labelOf(record: { kind: RecordKind; key: string }): string | undefined {
    return 'items' in this.options.from ? `${record.kind} ${record.key}` : undefined;
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0 || !this.options.sink) return;
    const sent = this.batch;
    this.batch = [];
    for (const refusal of await this.options.sink.send(sent))
      this.report(
        refusal.row,
        refusal.errors,
        this.labelOf(sent.find((r) => r.row === refusal.row) ?? { kind: this.kind, key: '' }),
      );
  }

  figures(): ProgressFigures {
    const sink = this.options.sink?.counts() ?? { pending: 0, delivered: 0, failed: 0, unchanged: 0 };
    const skipped = Object.values(this.tally.skipped).reduce((a, b) => a + b, 0);
    const done =
      sink.delivered +
      sink.failed +
      this.tally.invalid +
      this.tally.skippedOld +
      skipped +
      this.tally.unchanged +
      sink.unchanged;
    return {
      read: this.tally.read,
      queued: this.tally.queued,
      delivered: sink.delivered,
      invalid: this.tally.invalid,
      failed: sink.failed,
      done,
      estimatedTotal: Math.max(this.tally.read, done),
    };
  }

  private async take(item: SourceItem): Promise<void> {
    this.tally.read += 1;
    if (item.skip !== undefined) {
      this.tally.skipped[item.skip] = (this.tally.skipped[item.skip] ?? 0) + 1;
      return;
    }
    if (item.errors) return this.report(item.row, item.errors, item.label);
    const result = checkRecord(this.info, item.value, (this.options.now ?? Date.now)(), {
      bigIntegers: 'items' in this.options.from,
    });
    if (!result.ok) {
      if (isOnlyTooOld(result.errors)) this.tally.skippedOld += 1;
      else this.report(item.row, result.errors, item.label);
      return;
    }
    const { body, key } = result.value;
    const text = stringifyBody(body);
    if (this.options.state?.delivered(this.kind, key, text)) {
      this.tally.unchanged += 1;
      return;
    }
    this.tally.queued += 1;
    // A dry run only counts: keeping records it will never send would grow with the file.
    if (!this.options.sink) return;
    this.batch.push({ kind: this.kind, key, body, text, row: item.row });
    if (this.batch.length >= BATCH) await this.flush();
  }

  /** Reads until the end of the file or an abort. */
  private async readAll(): Promise<void> {
    for await (const item of this.source()) {
      if (this.options.signal?.aborted) return;
      await this.take(item);
      if (this.tally.read % 1000 === 0) this.options.onProgress(this.figures());
    }
  }

  async run(): Promise<ImportSummary> {
    const started = Date.now();
    await this.readAll();
    await this.flush();
    const ticker = setInterval(() => this.options.onProgress(this.figures()), 250);
    for (const refusal of (await this.options.sink?.drain(this.options.signal)) ?? [])
      this.report(refusal.row, refusal.errors);
    const interrupted = this.options.signal?.aborted ?? false;
    clearInterval(ticker);
    this.options.onProgress(this.figures());
    await new Promise<void>((resolve) => (this.errorsOut ? this.errorsOut.end(resolve) : resolve()));
    return this.summary((Date.now() - started) / 1000, interrupted);
  }

  private summary(seconds: number, interrupted: boolean): ImportSummary {
    const sink = this.options.sink?.counts() ?? { pending: 0, delivered: 0, failed: 0, unchanged: 0 };
    return {
      ...this.tally,
      unchanged: this.tally.unchanged + sink.unchanged,
      delivered: sink.delivered,
      failed: sink.failed,
      seconds,
      interrupted,
    };
  }
}

/** Reads, validates and hands over an import file; returns the counts for the summary and the exit code. */
export function runImport(options: ImportOptions): Promise<ImportSummary> {
  return new ImportRun(options).run();
}
