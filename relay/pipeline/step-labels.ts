import type { RecordKind } from '../contract/kinds.js';
import { isPlainObject } from '../shared/is-plain-object.js';

function field(raw: unknown, name: string): string | undefined {
  if (!isPlainObject(raw)) return undefined;
  const value = raw[name];
  // A 64-bit id is a bigint once the lossless parser has read it: it keys its record as text too.
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : undefined;
}

const KEY_FIELD: Record<RecordKind, string> = { event: 'event_id', order: 'order_id', product: 'product_id' };

/** Who and what a record is about, for the debugger's filters: read from any body, valid or not. */
export function stepLabels(
  kind: RecordKind,
  raw: unknown,
): { kind: RecordKind; key?: string; userId?: string; eventName?: string } {
  const key = field(raw, KEY_FIELD[kind]);
  const userId = field(raw, 'user_id');
  const eventName = field(raw, 'event_name');
  return { kind, ...(key ? { key } : {}), ...(userId ? { userId } : {}), ...(eventName ? { eventName } : {}) };
}
