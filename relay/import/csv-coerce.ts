import type { FieldError } from '../contract/field-error.js';
import type { FieldType } from './field-types.js';

const TRUE = /^(true|1|yes)$/i;
const FALSE = /^(false|0|no)$/i;

type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

/** CSV text to the field's JSON type; refuses what does not convert rather than guessing. */
export function coerceCell(text: string, type: FieldType): Coerced {
  const trimmed = text.trim();
  if (type === 'string') return { ok: true, value: text };
  if (type === 'boolean') {
    if (TRUE.test(trimmed)) return { ok: true, value: true };
    if (FALSE.test(trimmed)) return { ok: true, value: false };
    return { ok: false, message: `must be true or false, got ${JSON.stringify(text)}` };
  }
  const number = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(number))
    return { ok: false, message: `must be a number, got ${JSON.stringify(text)}` };
  if (type === 'integer' && !/^-?\d+$/.test(trimmed))
    return { ok: false, message: `must be an integer, got ${JSON.stringify(text)}` };
  return { ok: true, value: number };
}

/**
 * The typed fields of one CSV row among `fields`; empty cells are left out (an optional field
 * absent, a required one reported missing by the contract). Columns not in `fields` are ignored
 * here and left to the caller.
 */
export function coerceRow(
  row: Record<string, string>,
  fields: Record<string, FieldType>,
  errors: FieldError[],
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(fields)) {
    const text = row[name];
    if (text === undefined || text === '') continue;
    const coerced = coerceCell(text, type);
    if (coerced.ok) record[name] = coerced.value;
    else errors.push({ path: name, message: coerced.message });
  }
  return record;
}
