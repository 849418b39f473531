import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { FieldError } from '../../../relay/contract/field-error.js';
import { coerceRow } from '../../../relay/import/csv-coerce.js';
import { LINE_ITEM_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS } from '../../../relay/import/field-types.js';
import type { FieldType } from '../../../relay/import/field-types.js';
import { textOf } from './expected-refusal.js';

const TABLES = [ORDER_FIELDS, LINE_ITEM_FIELDS, PRODUCT_FIELDS];
const TYPE_OF: Record<FieldType, (value: unknown) => boolean> = {
  integer: (v) => Number.isSafeInteger(v) || typeof v === 'bigint',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
};

/**
 * A CSV file's rows (as `shopbeacon import` reads them: a header, then cells) through the import's
 * coercion of every table: each value comes out of its column's type, or the column is named in
 * an error; never a throw. csv-parse's own refusals (an unclosed quote) are the file's, not ours.
 */
export function fuzz(data: Buffer): void {
  let rows: Record<string, string>[];
  try {
    rows = parse(textOf(data), { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true });
  } catch {
    return;
  }
  for (const row of rows.slice(0, 50)) {
    for (const fields of TABLES) {
      const errors: FieldError[] = [];
      const value = coerceRow(row, fields, errors);
      for (const [name, cell] of Object.entries(value)) {
        const type = fields[name];
        assert.ok(type !== undefined, `coerced a column that is not a field: ${name}`);
        assert.ok(TYPE_OF[type](cell), `${name} (${type}) came out as ${typeof cell}: ${String(cell)}`);
      }
      for (const error of errors) assert.ok(Object.hasOwn(fields, error.path) || error.path.length > 0);
    }
  }
}
