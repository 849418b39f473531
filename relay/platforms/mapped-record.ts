import { KINDS } from '../contract/kinds.js';
import { recordKey } from '../pipeline/pipeline-record.js';
import type { ToRecord } from '../pipeline/accept.js';
import { checkRecord } from '../pipeline/check-record.js';
import type { Mapping } from './mapping.js';

/** A platform payload that mapped to a service body, with the errors found reading it. */
export type MappedRecord = Extract<Mapping, { kind: string }>;

/**
 * `accept`'s `toRecord` for the bodies of mapped platform payloads (webhooks, the sync): the
 * record with its identity key (and the delivery's duplicate id), or the mapping's errors and the
 * contract's with the record as read, for the dead letter the way in keeps. `accept` is handed the
 * bodies, so its steps are labelled by them.
 */
export function mappedToRecord(batch: readonly MappedRecord[], dedupeId?: string): ToRecord {
  const mappedOf = new Map<unknown, MappedRecord>(batch.map((mapped) => [mapped.body, mapped]));
  return (raw, now) => {
    const mapped = mappedOf.get(raw) as MappedRecord;
    const info = KINDS[mapped.kind];
    const checked = checkRecord(info, mapped.body, now, { bigIntegers: true });
    if (checked.ok && mapped.errors.length === 0)
      return {
        ok: true,
        value: {
          ...checked.value,
          ...(dedupeId ? { dedupeId } : {}),
          ...(mapped.channel ? { channel: mapped.channel } : {}),
        },
      };
    const record = checked.ok
      ? checked.value
      : { kind: mapped.kind, key: recordKey(info, mapped.body), body: mapped.body };
    return { ok: false, errors: [...mapped.errors, ...(checked.ok ? [] : checked.errors)], record };
  };
}
