import type { FieldError, Validation } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';
import type { EnqueueOnce } from '../outbox/enqueue-once.js';
import type { EnqueueResult, OutboxRecord } from '../outbox/outbox.js';
import type { RecordEvents } from './record-events.js';
import type { RecordSource } from './record-step.js';
import { stepLabels } from './step-labels.js';

/** What became of one record handed to `accept`, in the order given. */
export type Verdict = { status: EnqueueResult; record: OutboxRecord } | { status: 'rejected'; errors: FieldError[] };

/** Turns one raw record of a way in into the exact body the service will get, validated by the contract. */
export type ToRecord = (raw: unknown, now: number) => Validation<OutboxRecord>;

export interface AcceptDeps {
  /** Stores each record once: the outbox's own commit, or ids claimed in Redis first (`createOutbox` chooses). */
  enqueueOnce: EnqueueOnce;
  events: RecordEvents;
  /** Called with how many records were committed, so delivery starts without waiting for its timer. */
  onEnqueued: (count: number) => void;
  now?: () => number;
}

/**
 * Admission of the valid records before they are stored (the rate limits of `/collect`): throwing
 * refuses the whole call, and nothing is stored.
 */
export type Admit = (records: OutboxRecord[]) => Promise<void>;

/** `accept(source, kind, raws, toRecord)`: every way in hands its records to this one function. */
export type Accept = (source: RecordSource, kind: RecordKind, raws: readonly unknown[], toRecord: ToRecord, admit?: Admit) => Promise<Verdict[]>;

/**
 * The accept pipeline: validate (through the way in's `toRecord`, which applies the contract),
 * admit, store once, announce each decision. `/collect`, the `/v1` mirror, the import and the platform
 * webhooks all go through it; it resolves only once the accepted records are committed.
 */
export function createAccept(deps: AcceptDeps): Accept {
  const now = deps.now ?? Date.now;
  return async function accept(source, kind, raws, toRecord, admit) {
    const at = now();
    const checks = raws.map((raw) => toRecord(raw, at));
    const records = checks.flatMap((check) => (check.ok ? [check.value] : []));
    await admit?.(records);
    const stored = records.length > 0 ? await deps.enqueueOnce(records) : [];
    if (records.length > 0) deps.onEnqueued(records.length);
    let next = 0;
    return checks.map((check, index): Verdict => {
      if (!check.ok) {
        deps.events.emit({ state: 'rejected', source, ...stepLabels(kind, raws[index]), errors: check.errors });
        return { status: 'rejected', errors: check.errors };
      }
      const status = stored[next++] ?? 'queued';
      const record = check.value;
      const state = status === 'queued' ? 'accepted' : status;
      deps.events.emit({ state, source, ...stepLabels(record.kind, record.body), key: record.key, body: record.body });
      return { status, record };
    });
  };
}
