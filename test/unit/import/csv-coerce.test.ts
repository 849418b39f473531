import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldError } from '../../../relay/contract/field-error.js';
import { coerceCell, coerceRow } from '../../../relay/import/csv-coerce.js';

describe('coerceCell(text, type) and coerceRow(row, fields, errors)', () => {
  it("converts a cell to its field's JSON type, keeping a string's spaces and trimming the others", () => {
    assert.deepEqual(
      [
        coerceCell(' 12 ', 'integer'),
        coerceCell('-3', 'integer'),
        coerceCell('19.90', 'number'),
        coerceCell(' Yes', 'boolean'),
        coerceCell('0', 'boolean'),
        coerceCell(' Mug ', 'string'),
      ],
      [12, -3, 19.9, true, false, ' Mug '].map((value) => ({ ok: true, value })),
    );
  });

  it('refuses what does not convert, quoting the cell, rather than guessing', () => {
    assert.deepEqual(
      [
        coerceCell('1.5', 'integer'),
        coerceCell('12 pcs', 'number'),
        coerceCell('Infinity', 'number'),
        coerceCell('y', 'boolean'),
      ],
      [
        { ok: false, message: 'must be an integer, got "1.5"' },
        { ok: false, message: 'must be a number, got "12 pcs"' },
        { ok: false, message: 'must be a number, got "Infinity"' },
        { ok: false, message: 'must be true or false, got "y"' },
      ],
    );
  });

  it('leaves out empty cells and columns it was not given, and names each field it refused', () => {
    const errors: FieldError[] = [];
    const record = coerceRow(
      { order_id: '7', order_value: '', is_paid: 'maybe', extra: 'x' },
      { order_id: 'integer', order_value: 'number', is_paid: 'boolean', currency: 'string' },
      errors,
    );
    assert.deepEqual(record, { order_id: 7 });
    assert.deepEqual(errors, [{ path: 'is_paid', message: 'must be true or false, got "maybe"' }]);
  });
});
