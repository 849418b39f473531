import { codeOf, type FieldErrorCode } from '../contract/field-error.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { RecordStep } from '../pipeline/record-step.js';
import type { Metrics } from './metrics.js';

/** A short, bounded label for a refusal (field paths would be unbounded), from its first error's code. */
const REASON: Partial<Record<FieldErrorCode, string>> = {
  too_old: 'too_old',
  in_future: 'in_future',
  missing: 'missing_field',
  unknown_field: 'unknown_field',
  bad_timestamp: 'bad_timestamp',
};

const INGEST_RESULT: Partial<Record<RecordStep['state'], string>> = {
  accepted: 'accepted',
  duplicate: 'duplicate',
  rejected: 'rejected',
  dropped: 'dropped_bot',
};

/** `shopbeacon_webhooks_total`'s result for a webhook's step, where its state says it. */
const WEBHOOK_RESULT: Partial<Record<RecordStep['state'], string>> = {
  accepted: 'queued',
  coalesced: 'coalesced',
  duplicate: 'duplicate',
  unchanged: 'unchanged',
  dead: 'dead_letter',
};

function countWebhook(metrics: Metrics, step: RecordStep): void {
  const result = step.result ?? WEBHOOK_RESULT[step.state];
  if (result) metrics.webhooks.inc({ platform: step.platform ?? 'unknown', result });
}

function countIngest(metrics: Metrics, step: RecordStep): void {
  if (step.source === 'webhook') countWebhook(metrics, step);
  // The browser-facing counters count browser events; other ways in are told apart by reason.
  if (step.source === 'collect') {
    const result = INGEST_RESULT[step.state];
    if (result) metrics.ingested.inc({ result });
    if (step.state === 'rejected')
      metrics.rejected.inc({ reason: REASON[codeOf(step.errors?.[0])] ?? 'invalid_value' });
    return;
  }
  if (step.state === 'rejected') metrics.rejected.inc({ reason: `${step.source}_${step.kind}` });
  if (step.state === 'dead') metrics.deadLettered.inc({ kind: step.kind });
}

function countDelivery(metrics: Metrics, step: RecordStep): void {
  const kind = { kind: step.kind };
  // Every call to the service ends in one of these steps, with its status (0: no answer) and latency.
  if (step.latencyMs !== undefined)
    metrics.upstreamDuration.observe({ status: String(step.status ?? 0) }, step.latencyMs / 1000);
  if (step.state === 'delivered') metrics.delivered.inc(kind);
  else if (step.state === 'dead') metrics.deadLettered.inc(kind);
  else if (step.state === 'retrying') {
    metrics.retried.inc(kind);
    if (step.ambiguous) metrics.ambiguous.inc(kind);
  }
}

/** Keeps the record counters of `/metrics` from the announced steps. */
export function recordMetrics(events: RecordEvents, metrics: Metrics): () => void {
  return events.subscribe((step) => (step.source ? countIngest(metrics, step) : countDelivery(metrics, step)));
}
