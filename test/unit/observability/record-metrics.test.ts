import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fieldError } from '../../../relay/contract/field-error.js';
import { createMetrics } from '../../../relay/observability/metrics.js';
import { recordMetrics } from '../../../relay/observability/record-metrics.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';

/** The `/metrics` text after the steps are announced to a fresh registry. */
async function metricsAfter(steps: RecordStep[]): Promise<string> {
  const metrics = createMetrics();
  const events = new RecordEvents();
  recordMetrics(events, metrics);
  for (const step of steps) events.emit(step);
  return metrics.registry.metrics();
}

describe('recordMetrics(events, metrics)', () => {
  it("counts a browser's events by result, and a refusal by its first error's code, a bounded label", async () => {
    const text = await metricsAfter([
      { state: 'accepted', kind: 'event', source: 'collect' },
      { state: 'duplicate', kind: 'event', source: 'collect' },
      { state: 'dropped', kind: 'event', source: 'collect' },
      { state: 'rejected', kind: 'event', source: 'collect', errors: [fieldError('datetime', 'too_old', 'x')] },
      { state: 'rejected', kind: 'event', source: 'collect', errors: [fieldError('event.price', 'wrong_type', 'x')] },
    ]);
    for (const [result, count] of [
      ['accepted', 1],
      ['duplicate', 1],
      ['dropped_bot', 1],
      ['rejected', 2],
    ])
      assert.match(text, new RegExp(`shopbeacon_ingest_events_total\\{result="${result}"\\} ${count}`));
    assert.match(text, /shopbeacon_ingest_rejected_total\{reason="too_old"\} 1/);
    assert.match(text, /shopbeacon_ingest_rejected_total\{reason="invalid_value"\} 1/);
    assert.doesNotMatch(text, /event\.price/, 'a field path never becomes a label');
  });

  it("counts a webhook's steps by platform and result, and the other ways in's refusals by way and kind", async () => {
    const text = await metricsAfter([
      { state: 'accepted', kind: 'order', source: 'webhook', platform: 'woocommerce' },
      { state: 'dropped', kind: 'order', source: 'webhook', platform: 'shopify', result: 'unauthorized' },
      { state: 'rejected', kind: 'product', source: 'import' },
      { state: 'dead', kind: 'order', source: 'sync' },
    ]);
    assert.match(text, /shopbeacon_webhooks_total\{platform="woocommerce",result="queued"\} 1/);
    assert.match(text, /shopbeacon_webhooks_total\{platform="shopify",result="unauthorized"\} 1/);
    assert.match(text, /shopbeacon_ingest_rejected_total\{reason="import_product"\} 1/);
    assert.match(text, /shopbeacon_dead_lettered_total\{kind="order"\} 1/);
    assert.doesNotMatch(
      text,
      /shopbeacon_ingest_events_total\{/,
      "the browser's counters count only the browser's events",
    );
  });

  it("counts each delivery's outcome by kind and its call's latency by status, 0 for no answer", async () => {
    const text = await metricsAfter([
      { state: 'delivered', kind: 'event', status: 200, latencyMs: 20 },
      { state: 'retrying', kind: 'order', latencyMs: 5_000, ambiguous: true },
      { state: 'retrying', kind: 'order', status: 503, latencyMs: 10 },
      { state: 'dead', kind: 'product', status: 400, latencyMs: 12 },
    ]);
    assert.match(text, /shopbeacon_delivered_total\{kind="event"\} 1/);
    assert.match(text, /shopbeacon_delivery_retries_total\{kind="order"\} 2/);
    assert.match(text, /shopbeacon_delivery_ambiguous_retries_total\{kind="order"\} 1/);
    assert.match(text, /shopbeacon_dead_lettered_total\{kind="product"\} 1/);
    assert.match(text, /shopbeacon_upstream_request_duration_seconds_count\{status="0"\} 1/);
    assert.match(text, /shopbeacon_upstream_request_duration_seconds_sum\{status="200"\} 0\.02/);
  });
});
