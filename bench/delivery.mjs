// Delivery: records/s drained from a pre-filled outbox to the mock service by the relay's worker
// (adaptive concurrency up to `concurrency`), or by a bare undici loop with exactly `concurrency`
// calls in flight posting the same bodies (the ceiling; a 429 waits its Retry-After and retries).
// Usage: node bench/delivery.mjs <serviceUrl> <relay|undici> <records> <concurrency>. One JSON line:
// { rate, calls, rateLimited, limit } (limit: the relay's adaptive limit at the end).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { DeliveryWorker } from '../dist/relay/delivery/delivery-worker.js';
import { createUpstream } from '../dist/relay/delivery/load-aware-upstream.js';
import { createLogger } from '../dist/relay/observability/logger.js';
import { createMetrics } from '../dist/relay/observability/metrics.js';
import { recordMetrics } from '../dist/relay/observability/record-metrics.js';
import { SqliteOutbox } from '../dist/relay/outbox/sqlite-outbox.js';
import { RecordEvents } from '../dist/relay/pipeline/record-events.js';

const [baseUrl, mode = 'relay', count = '20000', concurrency = '16'] = process.argv.slice(2);
const N = Number(count);
const C = Number(concurrency);
const TOKEN = 'dev-token';
const datetime = `${new Date().toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
const bodies = Array.from({ length: N }, (_, i) => ({
  user_id: `u${i % 5000}`,
  event_name: 'Added To Cart',
  event: { product_id: i, quantity: 1 },
  datetime,
}));

async function callsByStatus(metrics) {
  const { values } = await metrics.upstreamDuration.get();
  const counts = values.filter((v) => v.metricName?.endsWith('_count'));
  const total = counts.reduce((sum, v) => sum + v.value, 0);
  return {
    calls: total,
    rateLimited: counts.filter((v) => v.labels.status === '429').reduce((sum, v) => sum + v.value, 0),
  };
}

async function relayDelivery() {
  const outbox = new SqliteOutbox({ dataDir: mkdtempSync(join(tmpdir(), 'sb-bench-')) });
  for (let i = 0; i < N; i += 500)
    await outbox.enqueue(bodies.slice(i, i + 500).map((body, j) => ({ kind: 'event', key: `e${i + j}`, body })));
  // The relay's client: with nothing arriving (a drain), its calls stay on the loop.
  const client = createUpstream(
    { baseUrl, token: TOKEN, deliveryConcurrency: C, deliveryTimeoutMs: 10_000 },
    () => false,
  );
  const metrics = createMetrics();
  const events = new RecordEvents();
  recordMetrics(events, metrics);
  const worker = new DeliveryWorker({ outbox, client, logger: createLogger('error'), events, deliveryConcurrency: C });
  const started = performance.now();
  worker.start();
  while (outbox.counts().delivered < N) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  const limit = worker.concurrency.limit;
  await worker.stop(1000);
  await client.destroy();
  outbox.close();
  return { rate: N / seconds, ...(await callsByStatus(metrics)), limit };
}

async function undiciLoop() {
  const pool = new Pool(baseUrl, { connections: C });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
  let next = 0;
  let calls = 0;
  let rateLimited = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < N) {
        const body = JSON.stringify(bodies[next++]);
        for (;;) {
          calls++;
          const response = await pool.request({ method: 'POST', path: '/v1/track', headers, body });
          await response.body.text();
          if (response.statusCode !== 429) break;
          rateLimited++;
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after'] ?? 1) * 1000));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { rate: N / seconds, calls, rateLimited };
}

console.log(JSON.stringify(mode === 'undici' ? await undiciLoop() : await relayDelivery()));
