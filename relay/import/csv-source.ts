import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { FieldError } from '../contract/field-error.js';
import { coerceRow } from './csv-coerce.js';
import { LINE_ITEM_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS } from './field-types.js';
import type { ImportKind, SourceItem } from './source-item.js';

interface OpenOrder {
  row: number;
  key: string;
  order: Record<string, unknown>;
  items: Record<string, unknown>[];
  errors: FieldError[];
}

function unknownColumns(header: string[], kind: ImportKind): FieldError[] {
  const known = kind === 'products' ? PRODUCT_FIELDS : { ...ORDER_FIELDS, ...LINE_ITEM_FIELDS };
  // Own columns only: `__proto__` or `constructor` are "in" every object.
  return header
    .filter((name) => !Object.hasOwn(known, name))
    .map((name) => ({ path: name, message: 'is not a column of this file (see examples/)' }));
}

function closeOrder(open: OpenOrder): SourceItem {
  const value = { ...open.order, line_items: open.items };
  return open.errors.length > 0 ? { row: open.row, errors: open.errors } : { row: open.row, value };
}

function productRow(cells: Record<string, string>, row: number): SourceItem {
  const errors: FieldError[] = [];
  const value = coerceRow(cells, PRODUCT_FIELDS, errors);
  return errors.length > 0 ? { row, errors } : { row, value };
}

/** The first row of an order gives the order's fields; every row gives one line item. */
function addOrderRow(open: OpenOrder, cells: Record<string, string>, row: number): void {
  const errors: FieldError[] = [];
  if (open.row === row) open.order = coerceRow(cells, ORDER_FIELDS, errors);
  const item = coerceRow(cells, LINE_ITEM_FIELDS, errors);
  if (Object.keys(item).length > 0) open.items.push(item);
  open.errors.push(...errors.map((e) => ({ path: `row ${row}: ${e.path}`, message: e.message })));
}

/**
 * Cells a text file should not hold: U+FFFD is what invalid UTF-8 decodes to (refused rather than
 * sent changed), a NUL byte means a binary or corrupted file.
 */
function undecodable(cells: Record<string, string>): FieldError[] {
  return Object.entries(cells).flatMap(([name, value]) => {
    if (typeof value !== 'string') return [];
    if (value.includes('\uFFFD')) return [{ path: name, message: 'is not valid UTF-8' }];
    return value.includes('\u0000') ? [{ path: name, message: 'holds a NUL byte (a binary or corrupted file?)' }] : [];
  });
}

async function* csvItems(
  parser: AsyncIterable<Record<string, string>>,
  kind: ImportKind,
  header: () => string[],
): AsyncGenerator<SourceItem> {
  let row = 1;
  let open: OpenOrder | undefined;
  for await (const cells of parser) {
    row += 1;
    if (row === 2) {
      const problems = unknownColumns(header(), kind);
      if (problems.length > 0) return yield { row: 1, errors: problems };
    }
    const badText = undecodable(cells);
    if (badText.length > 0) {
      yield { row, errors: badText };
      continue;
    }
    if (kind === 'products') {
      yield productRow(cells, row);
      continue;
    }
    const key = cells['order_id'] ?? '';
    if (open && open.key !== key) yield closeOrder(open);
    if (!open || open.key !== key) open = { row, key, order: {}, items: [], errors: [] };
    addOrderRow(open, cells, row);
  }
  if (open) yield closeOrder(open);
}

/**
 * Orders: one row per line item, the order's columns repeated, the rows of one order adjacent;
 * products: one row each. Streams with constant memory: one order in memory at a time.
 * A file that is not CSV at all (an unclosed quote, binary data) ends the import with one error.
 */
export async function* readCsv(file: string, kind: ImportKind): AsyncGenerator<SourceItem> {
  let header: string[] = [];
  const columns = (names: string[]) => (header = names.map((h) => h.trim()));
  const parser = createReadStream(file).pipe(
    parse({ columns, bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  try {
    yield* csvItems(parser as AsyncIterable<Record<string, string>>, kind, () => header);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    yield { row: line ?? 0, errors: [{ path: '', message: `the file is not valid CSV: ${(error as Error).message}` }] };
  }
}
