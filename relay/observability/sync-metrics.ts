import type { Metrics } from './metrics.js';

/** The result labels of `shopbeacon_sync_records_total`, from a page's counts. */
const RESULTS = { found: 'found', sent: 'sent', unchanged: 'unchanged', missedByWebhooks: 'missed_by_webhooks', skipped: 'skipped', invalid: 'invalid' } as const;

/** The sync's listeners for `/metrics`: what each page became, and when a sweep last succeeded. */
export function syncMetrics(metrics: Metrics) {
  return {
    onPage: (platform: string, kind: string, counts: Record<keyof typeof RESULTS, number>) => {
      for (const [name, result] of Object.entries(RESULTS)) {
        const n = counts[name as keyof typeof RESULTS];
        if (n > 0) metrics.syncRecords.inc({ platform, kind, result }, n);
      }
    },
    onSuccess: (platform: string, at: number) => metrics.syncLastSuccess.set({ platform }, at / 1000),
    onWebhooksRepaired: (platform: string, count: number) => metrics.webhooksRepaired.inc({ platform }, count),
  };
}
