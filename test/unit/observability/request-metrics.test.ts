import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RequestEvents } from '../../../relay/http/request-events.js';
import { createMetrics } from '../../../relay/observability/metrics.js';
import { requestMetrics } from '../../../relay/observability/request-metrics.js';

describe("the metrics as listeners of the request log's events", () => {
  it('stops counting once the listener is removed', async () => {
    const metrics = createMetrics();
    const events = new RequestEvents();
    const stop = requestMetrics(events, metrics);
    events.emit({ route: '/collect', status: 200, seconds: 0.004 });
    stop();
    events.emit({ route: '/collect', status: 200, seconds: 0.004 });
    const text = await metrics.registry.metrics();
    assert.match(text, /shopbeacon_http_requests_total\{route="\/collect",status="200"\} 1/);
    assert.match(text, /shopbeacon_http_request_duration_seconds_count\{route="\/collect"\} 1/);
  });
});
