import type { FieldError } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';

/** A valid record ready to send, with the file row it came from. */
export interface ImportRecord {
  kind: RecordKind;
  key: string;
  body: Record<string, unknown>;
  text: string;
  row: number;
}

export interface SinkCounts {
  /** Handed over and not yet delivered (or, via a relay, not yet answered). */
  pending: number;
  delivered: number;
  failed: number;
  /** Delivered before with the same body (the relay's digests): not sent again. */
  unchanged: number;
}

/** Where valid records go: the in-process outbox and worker, or a running relay's mirror. */
export interface ImportSink {
  /** Takes a batch; resolves when it may take the next (back-pressure), with records refused outright. */
  send(batch: ImportRecord[]): Promise<{ row: number; errors: FieldError[] }[]>;
  /** Resolves once everything handed over is delivered or failed, or early when `signal` aborts. */
  drain(signal?: AbortSignal): Promise<{ row: number; errors: FieldError[] }[]>;
  counts(): SinkCounts;
  close(): Promise<void>;
}
