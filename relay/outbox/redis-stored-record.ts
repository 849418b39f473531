import type { RecordKind } from '../contract/kinds.js';
import type { DueRecord } from './outbox.js';
import { packVisitor, visitorOf } from './visitor-field.js';

/** A record as the stream and the delayed set hold it. */
export interface StoredRecord {
  kind: RecordKind;
  key: string;
  body: string;
  bytes: number;
  createdAt: number;
  attempts: number;
  version: number;
  /** An event's visitor (`packVisitor`), '' for the rest. */
  visitor?: string;
  lastError?: string;
}

/**
 * The visitor of an event an earlier version queued or kept dead without one: read from its body,
 * once, at its claim or its requeue.
 */
function legacyVisitor(kind: string | undefined, body: string | undefined): string {
  if (kind !== 'event' || !body) return '';
  try {
    return packVisitor(visitorOf(JSON.parse(body) as Record<string, unknown>)) ?? '';
  } catch {
    return '';
  }
}

/** A stream entry's fields (`[name, value, name, value, …]`) as a record. */
export function fromFields(fields: string[]): StoredRecord {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i] as string] = fields[i + 1] as string;
  return {
    kind: f['kind'] as RecordKind,
    key: f['key'] ?? '',
    body: f['body'] ?? '{}',
    bytes: Number(f['bytes'] ?? 0),
    createdAt: Number(f['createdAt'] ?? 0),
    attempts: Number(f['attempts'] ?? 0),
    version: Number(f['version'] ?? 0),
    visitor: f['visitor'] ?? legacyVisitor(f['kind'], f['body']),
  };
}

/** A claimed record as delivery takes it, under the claim's handle `id`. */
export function dueRecord(id: number, stored: StoredRecord): DueRecord {
  const { kind, key, body, attempts, version, createdAt } = stored;
  return { id, kind, key, body, attempts, version, createdAt, visitor: stored.visitor || null };
}

/** A record as a stream entry's fields, fresh in the queue (no attempts): what a requeued dead letter is added as. */
export function toFields(stored: StoredRecord): string[] {
  return [
    'kind',
    stored.kind,
    'key',
    stored.key,
    'body',
    stored.body,
    'bytes',
    String(stored.bytes),
    'createdAt',
    String(stored.createdAt),
    'attempts',
    '0',
    'version',
    String(stored.version),
    'visitor',
    stored.visitor ?? legacyVisitor(stored.kind, stored.body),
  ];
}
