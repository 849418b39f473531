import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ConcurrencyView } from '../../../relay/delivery/adaptive-concurrency.js';
import { refreshDeliveryGauges, type DeliveryState } from '../../../relay/observability/delivery-gauges.js';
import { createMetrics } from '../../../relay/observability/metrics.js';

/** The worker as the gauges read it: a limiter's view, paused or not, the circuit open or not. */
function worker(concurrency: Partial<ConcurrencyView> = {}, state: Partial<DeliveryState> = {}): DeliveryState {
  return {
    concurrency: { limit: 1, max: 64, reason: 'start', observedMs: undefined, baselineMs: undefined, ...concurrency },
    paused: false,
    unreachable: undefined,
    ...state,
  };
}

/** The `/metrics` lines of the delivery gauges, without their HELP and TYPE lines. */
async function deliveryLines(metrics: ReturnType<typeof createMetrics>): Promise<string[]> {
  const text = await metrics.registry.metrics();
  return text.split('\n').filter((line) => line.startsWith('shopbeacon_delivery_'));
}

describe('refreshDeliveryGauges(metrics, worker)', () => {
  it("shows the limit labelled with why it last moved, the earlier reason's series gone", async () => {
    const metrics = createMetrics();
    refreshDeliveryGauges(metrics, worker({ limit: 8, reason: 'latency flat' }));
    refreshDeliveryGauges(metrics, worker({ limit: 7, reason: 'rate limited (429)' }));
    const limits = (await deliveryLines(metrics)).filter((l) => l.startsWith('shopbeacon_delivery_concurrency_limit'));
    assert.deepEqual(limits, ['shopbeacon_delivery_concurrency_limit{reason="rate limited (429)"} 7']);
  });

  it('shows the observed latency in seconds, and keeps the last one through a scrape whose window measured none', async () => {
    const metrics = createMetrics();
    refreshDeliveryGauges(metrics, worker({ observedMs: 250 }));
    assert.ok((await deliveryLines(metrics)).includes('shopbeacon_delivery_observed_latency_seconds 0.25'));
    refreshDeliveryGauges(metrics, worker({ observedMs: undefined }));
    assert.ok((await deliveryLines(metrics)).includes('shopbeacon_delivery_observed_latency_seconds 0.25'));
  });

  it('shows 1 while the service is unreachable or delivery is paused, and 0 again once it is not', async () => {
    const metrics = createMetrics();
    const flags = async () =>
      (await deliveryLines(metrics)).filter((l) => /^shopbeacon_delivery_(service_unreachable|paused) /.test(l));
    refreshDeliveryGauges(metrics, worker({}, { unreachable: { since: 1, reason: 'ECONNREFUSED' }, paused: false }));
    assert.deepEqual(await flags(), ['shopbeacon_delivery_service_unreachable 1', 'shopbeacon_delivery_paused 0']);
    refreshDeliveryGauges(metrics, worker({}, { unreachable: undefined, paused: true }));
    assert.deepEqual(await flags(), ['shopbeacon_delivery_service_unreachable 0', 'shopbeacon_delivery_paused 1']);
  });
});
