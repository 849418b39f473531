import type { FieldError } from '../contract/field-error.js';

/** One record read from an import file, or why its row could not become one. */
export interface SourceItem {
  /** The file's line (CSV: the first row of the record, header = 1; JSON Lines: the line; JSON: the index + 1). */
  row: number;
  value?: unknown;
  errors?: FieldError[];
}

export type ImportFormat = 'csv' | 'jsonl' | 'json';
export type ImportKind = 'orders' | 'products';

/** The format from the extension: `.csv`, `.jsonl` / `.ndjson`, `.json`. */
export function formatOfFile(file: string): ImportFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  if (extension === 'json') return 'json';
  return undefined;
}
