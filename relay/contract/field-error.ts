/** What is wrong with a field, for programs: metrics, the import's skip rule, later ways in. */
export type FieldErrorCode =
  | 'missing'
  | 'unknown_field'
  | 'wrong_type'
  | 'out_of_range'
  | 'too_long'
  | 'empty'
  | 'bad_format'
  | 'bad_timestamp'
  | 'too_old'
  | 'in_future'
  | 'invalid';

/**
 * One refused field: `path` names it the way a developer writes it (`line_items[2].line_item_quantity`),
 * `message` says why in words, `code` says why for a program.
 */
export interface FieldError {
  path: string;
  message: string;
  readonly code?: FieldErrorCode;
}

/**
 * A field error with its code. The code is not enumerable: answers, dead letters and error files
 * keep the `{path, message}` shape clients already parse, while the relay's own code switches
 * on `code` instead of matching English text.
 */
export function fieldError(path: string, code: FieldErrorCode, message: string): FieldError {
  return Object.defineProperty({ path, message }, 'code', { value: code, enumerable: false });
}

/** The code of an error, `invalid` for one made without a code. */
export function codeOf(error: FieldError | undefined): FieldErrorCode {
  return error?.code ?? 'invalid';
}

/** The outcome of validating one record: the typed value, or every failing field. */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Joins a parent path and a key or index: `joinPath('line_items', 2)` is `line_items[2]`. */
export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}
