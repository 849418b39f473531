import type { SyncEvents } from '../pipeline/sync-report.js';
import type { Metrics } from './metrics.js';

/** The result labels of `shopbeacon_sync_records_total`, from a page's counts. */
const RESULTS = {
  found: 'found',
  sent: 'sent',
  unchanged: 'unchanged',
  missedByWebhooks: 'missed_by_webhooks',
  skipped: 'skipped',
  invalid: 'invalid',
} as const;

/**
 * The syncs' reports as `/metrics`: what each page became, when a sweep last succeeded, webhooks
 * put right. Returns the function that stops listening.
 */
export function syncMetrics(events: SyncEvents, metrics: Metrics): () => void {
  return events.subscribe((report) => {
    const { platform } = report;
    if (report.type === 'swept') metrics.syncLastSuccess.set({ platform }, report.at / 1000);
    else if (report.type === 'webhooks-repaired') metrics.webhooksRepaired.inc({ platform }, report.count);
    else
      for (const [name, result] of Object.entries(RESULTS)) {
        const n = report.counts[name as keyof typeof RESULTS];
        if (n > 0) metrics.syncRecords.inc({ platform, kind: report.kind, result }, n);
      }
  });
}
