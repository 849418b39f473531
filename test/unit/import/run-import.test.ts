import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldError } from '../../../relay/contract/field-error.js';
import type { ImportRecord, ImportSink } from '../../../relay/import/import-sink.js';
import type { ImportState } from '../../../relay/import/import-state.js';
import { runImport, type ImportOptions } from '../../../relay/import/run-import.js';
import type { SourceItem } from '../../../relay/import/source-item.js';
import { order, product, sqlTime } from '../../helpers/records.js';

const NOW = Date.UTC(2026, 10, 26, 12);

/** A sink that keeps what it is handed and delivers it on `drain`; it refuses the rows in `refusing`. */
function memorySink(refusing: number[] = []): ImportSink & { got: ImportRecord[] } {
  const got: ImportRecord[] = [];
  let delivered = 0;
  const sink = {
    got,
    async send(batch: ImportRecord[]) {
      got.push(...batch.filter((r) => !refusing.includes(r.row)));
      return batch
        .filter((r) => refusing.includes(r.row))
        .map((r) => ({ row: r.row, errors: [{ path: 'name', message: 'refused by the sink' } as FieldError] }));
    },
    async drain() {
      delivered = got.length;
      return [];
    },
    counts: () => ({ pending: got.length - delivered, delivered, failed: 0, unchanged: 0 }),
    close: async () => undefined,
  };
  return sink;
}

async function* itemsOf(values: SourceItem[]): AsyncIterable<SourceItem> {
  yield* values;
}

const options = (items: SourceItem[], overrides: Partial<ImportOptions> = {}): ImportOptions => ({
  kind: 'products',
  from: { items: itemsOf(items), exactIntegers: true },
  sink: memorySink(),
  state: undefined,
  onProgress: () => undefined,
  now: () => NOW,
  ...overrides,
});

describe("runImport, one import's counting and hand-over, against an in-memory source and sink", () => {
  it('hands valid records over and counts each kind of refusal apart: invalid, skipped by the source, too old', async () => {
    const sink = memorySink();
    const refusals: string[] = [];
    const summary = await runImport(
      options(
        [
          { row: 1, value: product({ product_id: 1 }) },
          { row: 2, value: product({ product_id: 2, price: 'nineteen' }) },
          { row: 3, skip: 'a variation' },
          { row: 4, label: 'product 4', errors: [{ path: 'price', message: 'not a number' } as FieldError] },
        ],
        { sink, onRefusal: (where) => refusals.push(where) },
      ),
    );
    assert.deepEqual(
      sink.got.map((r) => r.key),
      ['1'],
    );
    assert.deepEqual(
      {
        read: summary.read,
        queued: summary.queued,
        delivered: summary.delivered,
        invalid: summary.invalid,
        skipped: summary.skipped,
      },
      { read: 4, queued: 1, delivered: 1, invalid: 2, skipped: { 'a variation': 1 } },
    );
    assert.deepEqual(refusals, ['row 2', 'product 4']);
  });

  it('counts an order older than the two years as skipped, not as an error', async () => {
    const old = order(NOW, { date_created_gmt: sqlTime(NOW - 3 * 365 * 86_400_000) });
    const summary = await runImport(
      options(
        [
          { row: 1, value: old },
          { row: 2, value: order(NOW, { order_id: 2 }) },
        ],
        { kind: 'orders' },
      ),
    );
    assert.deepEqual(
      { skippedOld: summary.skippedOld, invalid: summary.invalid, queued: summary.queued },
      { skippedOld: 1, invalid: 0, queued: 1 },
    );
  });

  it('skips what an earlier run delivered with the same body, and sends what changed', async () => {
    const state = { delivered: (_kind: string, key: string) => key === '1' } as unknown as ImportState;
    const sink = memorySink();
    const summary = await runImport(
      options(
        [
          { row: 1, value: product({ product_id: 1 }) },
          { row: 2, value: product({ product_id: 2 }) },
        ],
        { sink, state },
      ),
    );
    assert.deepEqual(
      sink.got.map((r) => r.key),
      ['2'],
    );
    assert.equal(summary.unchanged, 1);
  });

  it('only counts on a dry run (no sink): nothing is kept to send', async () => {
    const summary = await runImport(options([{ row: 1, value: product() }], { sink: undefined }));
    assert.deepEqual({ queued: summary.queued, delivered: summary.delivered }, { queued: 1, delivered: 0 });
  });

  it('names a record the sink refused as the platform named it', async () => {
    const refusals: string[] = [];
    const summary = await runImport(
      options([{ row: 7, value: product({ product_id: 7 }) }], {
        sink: memorySink([7]),
        onRefusal: (where) => refusals.push(where),
      }),
    );
    assert.equal(summary.invalid, 1);
    assert.deepEqual(refusals, ['product 7']);
  });

  it('stops reading once aborted and says it was interrupted', async () => {
    const abort = new AbortController();
    async function* endless(): AsyncIterable<SourceItem> {
      for (let row = 1; ; row++) {
        if (row === 3) abort.abort();
        yield { row, value: product({ product_id: row }) };
      }
    }
    const summary = await runImport({
      ...options([]),
      from: { items: endless(), exactIntegers: true },
      signal: abort.signal,
    });
    assert.equal(summary.read, 2);
    assert.equal(summary.interrupted, true);
  });
});
