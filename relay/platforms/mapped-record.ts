import { KINDS } from '../contract/kinds.js';
import type { ToRecord } from '../pipeline/accept.js';
import { checkRecord } from '../pipeline/check-record.js';
import type { Mapping } from './mapping.js';

/** A platform payload that mapped to a service body, with the errors found reading it. */
export type MappedRecord = Extract<Mapping, { kind: string }>;

/**
 * `accept`'s `toRecord` for the bodies of mapped platform payloads (webhooks, the sync): the
 * mapping's errors and the contract's, or the record with its identity key (and the delivery's
 * duplicate id). `accept` is handed the bodies, so its steps are labelled by them.
 */
export function mappedToRecord(batch: readonly MappedRecord[], dedupeId?: string): ToRecord {
  const mappedOf = new Map<unknown, MappedRecord>(batch.map((mapped) => [mapped.body, mapped]));
  return (raw, now) => {
    const mapped = mappedOf.get(raw) as MappedRecord;
    const checked = checkRecord(KINDS[mapped.kind], mapped.body, now, { bigIntegers: true });
    const errors = [...mapped.errors, ...(checked.ok ? [] : checked.errors)];
    if (!checked.ok || errors.length > 0) return { ok: false, errors };
    return { ok: true, value: dedupeId ? { ...checked.value, dedupeId } : checked.value };
  };
}
