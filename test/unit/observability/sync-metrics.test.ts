import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../../relay/observability/metrics.js';
import { syncMetrics } from '../../../relay/observability/sync-metrics.js';
import { SyncEvents } from '../../../relay/pipeline/sync-report.js';

const counts = { found: 3, sent: 2, unchanged: 1, missedByWebhooks: 0, skipped: 0, invalid: 0 };

describe("the metrics as listeners of the sync's events", () => {
  it('counts what each announced page became, by result, leaving out results of zero', async () => {
    const metrics = createMetrics();
    const events = new SyncEvents();
    syncMetrics(events, metrics);
    events.emit({ type: 'page', platform: 'prestashop', kind: 'order', counts });
    events.emit({ type: 'page', platform: 'prestashop', kind: 'order', counts });
    const text = await metrics.registry.metrics();
    assert.match(text, /shopbeacon_sync_records_total\{platform="prestashop",kind="order",result="sent"\} 4/);
    assert.match(text, /shopbeacon_sync_records_total\{platform="prestashop",kind="order",result="found"\} 6/);
    assert.doesNotMatch(text, /result="invalid"/);
  });

  it('sets the last success in seconds and counts webhooks put right, per platform', async () => {
    const metrics = createMetrics();
    const events = new SyncEvents();
    syncMetrics(events, metrics);
    events.emit({ type: 'swept', platform: 'woocommerce', at: 1_790_000_000_500 });
    events.emit({ type: 'webhooks-repaired', platform: 'woocommerce', count: 2 });
    const text = await metrics.registry.metrics();
    assert.match(text, /shopbeacon_sync_last_success_timestamp_seconds\{platform="woocommerce"\} 1790000000.5/);
    assert.match(text, /shopbeacon_webhooks_reenabled_total\{platform="woocommerce"\} 2/);
  });
});
