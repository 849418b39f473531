import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { startRelay, until } from '../helpers/relay-harness.js';

const seqsOf = (records: unknown[]) =>
  records.map((e) => (e as { event: { seq: number } }).event.seq).sort((a, b) => a - b);
const seqOf = (event: Record<string, unknown>) => (event['event'] as { seq: number }).seq;

describe('delivery worker on close', () => {
  it('finishes calls in flight on close within the grace period, so a restart sends no duplicate', async () => {
    const h = await startRelay({ config: { shutdownGraceMs: '5000' } });
    try {
      // A first delivery starts the service calls' thread: started cold on a busy machine (TypeScript
      // compiled as it loads), it once took longer than the grace period this test times.
      const first = browserEvent();
      await collect(h.url, first);
      await until(() => h.mock.records('events').length === 1, 'the first delivery');
      // The service holds each call 2 s: long enough that the calls seen in flight are still open when
      // the relay closes, however late a loaded machine runs this test's polls (300 ms was not, once).
      h.mock.setFaults({ latencyMs: 2_000 });
      const events = Array.from({ length: 5 }, () => browserEvent());
      await Promise.all(events.map((e) => collect(h.url, e)));
      await until(() => h.relay.shopbeacon.worker.inFlightCount >= 1, 'the worker to claim a record');
      assert.equal(h.mock.calls().length, 1);
      const inFlight = h.relay.shopbeacon.worker.inFlightCount;
      await h.stopRelay();
      assert.equal(h.mock.records('events').length, 1 + inFlight, 'every call in flight at close finished');
      h.mock.setFaults({ latencyMs: 0 });
      const again = await startRelay({ upstream: h.mock, dataDir: h.dataDir });
      try {
        await until(
          async () => (await again.relay.shopbeacon.outbox.counts()).queued.event === 0,
          'the rest to be delivered',
        );
        assert.deepEqual(
          seqsOf(h.mock.records('events')).sort((a, b) => a - b),
          [first, ...events].map(seqOf).sort((a, b) => a - b),
        );
      } finally {
        await again.close();
      }
    } finally {
      // A failed assertion must not leave the relay open: its handles would keep this file's
      // process, and the tier, running.
      await h.close();
    }
  });

  it('abandons a call the service holds past the grace period on close, and the next start delivers its record', async () => {
    // The service holds the call for a minute, far past the grace period: close must return while
    // the call is still held, whatever a busy machine does to the time close itself takes.
    const h = await startRelay({ mock: { faults: { latencyMs: 60_000 } }, config: { shutdownGraceMs: '100' } });
    try {
      const event = browserEvent();
      await collect(h.url, event);
      await until(() => h.relay.shopbeacon.worker.inFlightCount === 1, 'the worker to send the record');
      const started = performance.now();
      await h.stopRelay();
      const closedIn = performance.now() - started;
      assert.equal(
        h.mock.calls().length,
        0,
        `close waited for the held call to be answered (${Math.round(closedIn)} ms)`,
      );
      h.mock.setFaults({ latencyMs: 0 });
      const again = await startRelay({ upstream: h.mock, dataDir: h.dataDir });
      try {
        await until(
          async () => (await again.relay.shopbeacon.outbox.counts()).queued.event === 0,
          'the abandoned record to be delivered',
        );
        assert.ok(deliveredEvent(h.mock, event) !== undefined);
      } finally {
        await again.close();
      }
    } finally {
      // A failed assertion must not leave the mock open holding its call: the file's process, and
      // the tier, would never end.
      await h.close();
    }
  });
});
