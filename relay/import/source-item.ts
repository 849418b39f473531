import type { FieldError } from '../contract/field-error.js';

/** One record read from an import file, or why its row could not become one. */
export interface SourceItem {
  /**
   * The file's line (CSV: the first row of the record, header = 1; JSON Lines: the line; JSON: the
   * index + 1), or the platform record's number.
   */
  row: number;
  /** How a refusal names the record where a row means nothing (a platform's: `order 13`). */
  label?: string;
  value?: unknown;
  errors?: FieldError[];
  /** Why the record is not sent at all (a variation, a draft): counted as skipped, not as an error. */
  skip?: string;
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
