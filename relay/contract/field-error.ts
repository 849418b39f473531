/** One refused field: `path` names it the way a developer writes it (`line_items[2].line_item_quantity`). */
export interface FieldError {
  path: string;
  message: string;
}

/** The outcome of validating one record: the typed value, or every failing field. */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Joins a parent path and a key or index: `joinPath('line_items', 2)` is `line_items[2]`. */
export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}
