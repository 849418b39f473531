import { codeOf, type FieldError } from '../contract/field-error.js';
import type { Accept } from '../pipeline/accept.js';
import type { Park, Refusal } from '../pipeline/park.js';
import type { RecordOrigin } from '../pipeline/record-step.js';
import type { SweepCounts } from '../pipeline/sync-report.js';
import type { ChangedPayload, PlatformApi, PlatformKind } from '../platforms/connector.js';
import { mappedToRecord, type MappedRecord } from '../platforms/mapped-record.js';
import type { Mapping } from '../platforms/mapping.js';
import { KINDS } from '../contract/kinds.js';

export interface SweepBatchDeps {
  accept: Accept;
  park: Park;
  origin: RecordOrigin;
  /** The positions of the versions older than one already taken: counted unchanged, not sent. */
  older?: (kind: PlatformKind, versions: { key: string; modifiedAt: number }[]) => Promise<Set<number>>;
  /** Told of the products not sent because they are no longer for sale, by id. */
  withdrawn?: (found: { productId: string; reason: string }[]) => Promise<void>;
}

/** An order older than the service's two years: not for the service, not an error of the shop's. */
const onlyTooOld = (errors: FieldError[]) => errors.length > 0 && errors.every((e) => codeOf(e) === 'too_old');

/** Tells `deps.withdrawn` of the products the page skipped as no longer for sale. */
async function noticeWithdrawn(deps: SweepBatchDeps, mappings: readonly Mapping[]): Promise<void> {
  const withdrawn = mappings.flatMap((mapping) =>
    'withdrawn' in mapping && mapping.withdrawn ? [{ productId: mapping.withdrawn, reason: mapping.skip }] : [],
  );
  if (withdrawn.length > 0) await deps.withdrawn?.(withdrawn);
}

/**
 * The records not older, by the platform's modification time, than a version already taken (a
 * webhook may have brought a newer one, or the page itself).
 */
async function newestOnly<T extends { mapping: MappedRecord; changedAt: number }>(
  deps: SweepBatchDeps,
  kind: PlatformKind,
  records: T[],
): Promise<T[]> {
  if (!deps.older || records.length === 0) return records;
  const identity = KINDS[kind].identity as string;
  const keyOf = (r: T) => String(r.mapping.body[identity]);
  const older = await deps.older(
    kind,
    records.map((r) => ({ key: keyOf(r), modifiedAt: r.changedAt })),
  );
  return older.size === 0 ? records : records.filter((_, position) => !older.has(position));
}

/**
 * One page of a sweep through the accept pipeline, as the webhooks take one payload: mapped,
 * checked, stored once (or found unchanged), and what maps to no valid record kept as a dead
 * letter. A change a sweep sends is counted as missed by the webhooks only when it happened
 * before `missedBefore` (undefined: not counted), since a webhook may still be on its way.
 * Resolves once the batch is committed, with what became of it.
 */
export async function sweepBatch(
  deps: SweepBatchDeps,
  api: PlatformApi,
  kind: PlatformKind,
  batch: readonly ChangedPayload[],
  missedBefore: number | undefined,
): Promise<SweepCounts> {
  const counts: SweepCounts = {
    found: batch.length,
    sent: 0,
    unchanged: 0,
    missedByWebhooks: 0,
    skipped: 0,
    invalid: 0,
  };
  const mapped = batch.map((item) => ({ mapping: api.map(kind, item.payload), changedAt: item.changedAt }));
  const mappedRecords = mapped.filter((m): m is { mapping: MappedRecord; changedAt: number } => !('skip' in m.mapping));
  counts.skipped = mapped.length - mappedRecords.length;
  await noticeWithdrawn(
    deps,
    mapped.map((m) => m.mapping),
  );
  const records = await newestOnly(deps, kind, mappedRecords);
  counts.unchanged += mappedRecords.length - records.length;
  const verdicts = await deps.accept(
    deps.origin,
    kind,
    records.map((m) => m.mapping.body),
    mappedToRecord(records.map((m) => m.mapping)),
  );
  const refused: Refusal[] = [];
  for (const [i, verdict] of verdicts.entries()) {
    if (verdict.status === 'rejected') {
      if (onlyTooOld(verdict.errors)) counts.skipped += 1;
      else if (verdict.record) refused.push({ record: verdict.record, errors: verdict.errors });
    } else if (verdict.status === 'unchanged' || verdict.status === 'duplicate') counts.unchanged += 1;
    else {
      counts.sent += 1;
      if (missedBefore !== undefined && verdict.status === 'queued' && (records[i]?.changedAt ?? 0) < missedBefore)
        counts.missedByWebhooks += 1;
    }
  }
  counts.invalid = await deps.park(deps.origin, refused);
  counts.unchanged += refused.length - counts.invalid;
  return counts;
}
