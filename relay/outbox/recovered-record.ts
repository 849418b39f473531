import { KINDS } from '../contract/kinds.js';
import type { RecordValue } from './sqlite-record-format.js';

/**
 * A row of the outbox's `records` table read back from a damaged file, by its columns' names. It is
 * only kept when every column holds what the relay writes there: a cell read from a torn page, or
 * another table's row, is not a record.
 */
export interface RecoveredRecord {
  id: number;
  kind: string;
  key: string;
  body: string;
  bytes: number;
  state: 'queued' | 'dead';
  attempts: number;
  version: number;
  next_attempt_at: number;
  created_at: number;
  last_error: string | null;
  visitor: string | null;
}

/** The columns in the table's order: a record read from its page gives its values so. */
export const RECORD_COLUMNS = [
  'id',
  'kind',
  'key',
  'body',
  'bytes',
  'state',
  'attempts',
  'version',
  'next_attempt_at',
  'created_at',
  'last_error',
  'visitor',
] as const;

/** Before `visitor` was added (schema version 2), rows had one column less; SQLite reads it as NULL. */
const COLUMNS_BEFORE_VISITOR = RECORD_COLUMNS.length - 1;

const WHOLE_NUMBERS = ['id', 'bytes', 'attempts', 'version', 'next_attempt_at', 'created_at'] as const;
const TEXTS = ['kind', 'key', 'body', 'state'] as const;
/** Columns that may be NULL; `visitor` is absent from rows older than it. */
const TEXTS_OR_NULL = ['last_error', 'visitor'] as const;

const isWhole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);

/** Whether each column holds the type the relay writes there, and `kind` and `state` one of their values. */
function holdsRecordTypes(row: Record<string, unknown>): row is Record<string, unknown> & RecoveredRecord {
  return (
    WHOLE_NUMBERS.every((column) => isWhole(row[column])) &&
    TEXTS.every((column) => typeof row[column] === 'string') &&
    TEXTS_OR_NULL.every((column) => (row[column] ?? null) === null || typeof row[column] === 'string') &&
    (row['id'] as number) >= 1 &&
    Object.hasOwn(KINDS, row['kind'] as string) &&
    (row['state'] === 'queued' || row['state'] === 'dead')
  );
}

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The row as a record, or undefined when a column holds what the relay never writes there. */
export function recoveredRecord(row: Record<string, unknown>): RecoveredRecord | undefined {
  if (!holdsRecordTypes(row)) return undefined;
  // The body's length is written beside it: a body cut or changed by the damage does not match it.
  if (Buffer.byteLength(row.body) !== row.bytes || !isJsonObject(row.body)) return undefined;
  // Only the table's columns, the ones that may be absent as NULL.
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    body: row.body,
    bytes: row.bytes,
    state: row.state,
    attempts: row.attempts,
    version: row.version,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    last_error: row.last_error ?? null,
    visitor: row.visitor ?? null,
  };
}

/**
 * A row read from a table leaf page as a record: its values in the columns' order, the id being
 * the rowid (an INTEGER PRIMARY KEY is stored as NULL in the record).
 */
export function recordFromPage(rowid: number, values: RecordValue[]): RecoveredRecord | undefined {
  if (values.length !== RECORD_COLUMNS.length && values.length !== COLUMNS_BEFORE_VISITOR) return undefined;
  if (values[0] !== null) return undefined;
  const row: Record<string, unknown> = Object.fromEntries(
    RECORD_COLUMNS.map((column, i) => [column, values[i] ?? null]),
  );
  return recoveredRecord({ ...row, id: rowid });
}
