import type { FieldError, Validation } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';
import type { EnqueueOnce } from '../outbox/enqueue-once.js';
import type { EnqueueResult, OutboxRecord } from '../outbox/outbox.js';
import type { Awaitable } from '../shared/awaitable.js';
import { stringifyBody } from '../shared/exact-json.js';
import type { RecordEvents } from './record-events.js';
import { originOf, type RecordOrigin, type RecordSource } from './record-step.js';
import { visitorOf } from '../outbox/visitor-field.js';
import { stepLabels } from './step-labels.js';

/**
 * What became of one record handed to `accept`, in the order given (`unchanged`: delivered before
 * with this body, not stored).
 */
export type Verdict =
  | { status: EnqueueResult | 'unchanged'; record: OutboxRecord }
  | { status: 'rejected'; errors: FieldError[]; record?: OutboxRecord };

/**
 * A way in's reading of one raw record: the record, or why not (with the record as far as it could
 * be read, for a dead letter).
 */
export type RecordCheck = Validation<OutboxRecord> | { ok: false; errors: FieldError[]; record: OutboxRecord };

/** For each order or product, whether its body is the one last delivered for its id (`PlatformState.unchanged`). */
export type UnchangedCheck = (
  records: readonly { kind: RecordKind; key: string; text: string }[],
) => Awaitable<boolean[]>;

/** Turns one raw record of a way in into the exact body the service will get, validated by the contract. */
export type ToRecord = (raw: unknown, now: number) => RecordCheck;

export interface AcceptDeps {
  /** Stores each record once: the outbox's own commit, or ids claimed in Redis first (`createOutbox` chooses). */
  enqueueOnce: EnqueueOnce;
  events: RecordEvents;
  /** Called with how many records were committed, so delivery starts without waiting for its timer. */
  onEnqueued: (count: number) => void;
  /** Orders and products delivered before with the same body are not stored again; without it every record is. */
  unchanged?: UnchangedCheck;
  now?: () => number;
  /** While the service's time is being asked at start, what `now` waits for (`ServiceClock.untilKnown`). */
  untilTimeKnown?: () => Promise<void> | undefined;
}

/** `accept(source, kind, raws, toRecord)`: every way in hands its records to this one function. */
export type Accept = (
  origin: RecordSource | RecordOrigin,
  kind: RecordKind,
  raws: readonly unknown[],
  toRecord: ToRecord,
) => Promise<Verdict[]>;

/**
 * What every way in needs: the accept pipeline, and the events to announce what it decides before
 * it (a bot dropped).
 */
export interface IngestDeps {
  accept: Accept;
  events: RecordEvents;
}

/** An event carries its visitor to delivery, where the visitor count reads it. */
function withVisitor(record: OutboxRecord): OutboxRecord {
  if (record.kind !== 'event') return record;
  const visitor = visitorOf(record.body);
  if (visitor) record.visitor = visitor;
  return record;
}

/**
 * The valid records split into those to store and those delivered before unchanged (events are
 * never checked: each is new).
 */
async function splitUnchanged(
  records: OutboxRecord[],
  check: UnchangedCheck | undefined,
): Promise<{ fresh: OutboxRecord[]; same: Set<OutboxRecord> }> {
  const identified = check ? records.filter((r) => r.kind !== 'event') : [];
  if (!check || identified.length === 0) return { fresh: records, same: new Set() };
  const answers = await check(identified.map((r) => ({ kind: r.kind, key: r.key, text: stringifyBody(r.body) })));
  const same = new Set(identified.filter((_, i) => answers[i] === true));
  return { fresh: same.size === 0 ? records : records.filter((r) => !same.has(r)), same };
}

/**
 * The accept pipeline: validate (through the way in's `toRecord`, which applies the contract),
 * store once, announce each decision. `/collect`, the `/v1` mirror, the import and the platform
 * webhooks all go through it; it resolves only once the accepted records are committed.
 */
export function createAccept(deps: AcceptDeps): Accept {
  const now = deps.now ?? Date.now;
  return async function accept(from, kind, raws, toRecord) {
    const origin = originOf(from);
    const asking = deps.untilTimeKnown?.();
    if (asking) await asking;
    const at = now();
    const checks = raws.map((raw) => toRecord(raw, at));
    const records = checks.flatMap((check) => (check.ok ? [withVisitor(check.value)] : []));
    const { fresh, same } = await splitUnchanged(records, deps.unchanged);
    const stored = fresh.length > 0 ? await deps.enqueueOnce(fresh) : [];
    if (fresh.length > 0) deps.onEnqueued(fresh.length);
    let next = 0;
    return checks.map((check, index): Verdict => {
      if (!check.ok) {
        deps.events.emit({ state: 'rejected', ...origin, ...stepLabels(kind, raws[index]), errors: check.errors });
        return 'record' in check
          ? { status: 'rejected', errors: check.errors, record: check.record }
          : { status: 'rejected', errors: check.errors };
      }
      const record = check.value;
      const status = same.has(record) ? 'unchanged' : (stored[next++] ?? 'queued');
      const state = status === 'queued' ? 'accepted' : status;
      deps.events.emit({
        state,
        ...origin,
        ...stepLabels(record.kind, record.body),
        key: record.key,
        body: record.body,
        ...(record.channel ? { channel: record.channel } : {}),
      });
      return { status, record };
    });
  };
}
