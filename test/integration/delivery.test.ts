import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { order, trackingEvent } from '../helpers/records.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';

const seqsOf = (records: unknown[]) =>
  records.map((e) => (e as { event: { seq: number } }).event.seq).sort((a, b) => a - b);
const seqOf = (event: Record<string, unknown>) => (event['event'] as { seq: number }).seq;

function invariant(counts: {
  accepted: number;
  delivered: number;
  queued: Record<string, number>;
  dead: Record<string, number>;
}): boolean {
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  return counts.accepted === counts.delivered + sum(counts.queued) + sum(counts.dead);
}

describe('delivery worker', () => {
  it('keeps everything through a service outage answering 500, then delivers it all, ingest staying fast', async () => {
    const h = await startRelay({ mock: { faults: { failRate: 1, failStatus: 500 } } });
    try {
      const events = Array.from({ length: 20 }, () => browserEvent());
      const started = performance.now();
      const answers = await Promise.all(events.map((e) => collect(h.url, e)));
      const ingestMs = performance.now() - started;
      assert.ok(answers.every((a) => a.status === 200));
      // Ten failures in a row are an outage: from then on the worker probes one call at a time (#16)
      // instead of trying each of the 20 records.
      await until(
        () => h.relay.shopbeacon.worker.unreachable !== undefined,
        'the outage noticed after failed attempts',
      );
      assert.ok(h.mock.calls().length >= 10);
      assert.equal(h.mock.records('events').length, 0);
      assert.ok(invariant(await h.relay.shopbeacon.outbox.counts()));
      h.mock.setFaults({ failRate: 0 });
      await until(() => h.mock.records('events').length === 20, 'all events after recovery');
      assert.deepEqual(seqsOf(h.mock.records('events')), events.map(seqOf));
      assert.ok(invariant(await h.relay.shopbeacon.outbox.counts()));
      console.log(`# outage: 20 requests ingested in ${ingestMs.toFixed(0)} ms while the service failed`);
    } finally {
      await h.close();
    }
  });

  it('retries connections dropped without an answer, counting them as ambiguous', async () => {
    const h = await startRelay({ mock: { faults: { mode: 'drop' } } });
    try {
      const event = browserEvent();
      await collect(h.url, event);
      await until(() => h.mock.calls().length >= 1, 'a dropped attempt');
      h.mock.setFaults({ mode: 'normal' });
      await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery after drops');
      const metrics = await (
        await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).text();
      assert.match(metrics, /shopbeacon_delivery_ambiguous_retries_total\{kind="event"\} [1-9]/);
    } finally {
      await h.close();
    }
  });

  it('honours Retry-After on 429 for the whole worker before calling again', async () => {
    const h = await startRelay({ mock: { faults: { failRate: 1, failStatus: 429, retryAfterSeconds: 1 } } });
    try {
      const event = browserEvent();
      await collect(h.url, event);
      await until(() => h.mock.calls().length >= 1, 'the 429');
      h.mock.setFaults({ failRate: 0 });
      await collect(h.url, browserEvent());
      await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery after Retry-After');
      const [first, second] = h.mock.calls();
      assert.equal(first?.status, 429);
      assert.ok(
        (second?.at ?? 0) - (first?.at ?? 0) >= 950,
        `second call ${(second?.at ?? 0) - (first?.at ?? 0)} ms after the 429`,
      );
    } finally {
      await h.close();
    }
  });

  it('keeps a record the service refused (400) as a dead letter with its answer, and redelivers it after `outbox retry`', async () => {
    let skewMs = 0;
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, now: () => Date.now() + skewMs });
    const h = await startRelay({ upstream: mock });
    try {
      // Once the relay has its time from the service, the service's clock leaps 3 years: it then
      // judges the event the relay stamps too old.
      await h.relay.shopbeacon.clock.untilKnown();
      skewMs = 3 * 365 * 86_400_000;
      const event = browserEvent();
      await collect(h.url, event);
      await until(async () => (await h.relay.shopbeacon.outbox.counts()).dead.event === 1, 'the dead letter');
      const [letter] = await h.relay.shopbeacon.outbox.deadLetters({ limit: 10 });
      assert.match(letter?.lastError ?? '', /^400 .*is older than 2 years/);
      skewMs = 0;
      const out = execFileSync(
        process.execPath,
        ['bin/shopbeacon.js', 'outbox', 'retry', '--all', '--data-dir', h.dataDir],
        { encoding: 'utf8' },
      );
      assert.match(out, /1 dead letter\(s\) queued again/);
      await until(() => deliveredEvent(mock, event) !== undefined, 'redelivery');
      assert.equal((await h.relay.shopbeacon.outbox.counts()).dead.event, 0);
    } finally {
      await h.close();
      await mock.close();
    }
  });

  it('pauses on a wrong token without losing or dead-lettering anything, and delivers with the right one', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const wrong = await startRelay({ upstream: mock, config: { token: 'wrong-token' } });
    const events = Array.from({ length: 5 }, () => browserEvent());
    try {
      for (const e of events) await collect(wrong.url, e);
      await until(() => wrong.relay.shopbeacon.worker.paused, 'the pause');
      const ready = await fetch(`${wrong.url}/readyz`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      assert.equal(ready.status, 503);
      assert.match(JSON.stringify(await ready.json()), /delivery is paused/);
      const counts = await wrong.relay.shopbeacon.outbox.counts();
      assert.deepEqual([counts.queued.event, counts.dead.event], [5, 0]);
      assert.ok(wrong.logs.some((line) => line.includes('delivery paused')));
    } finally {
      await wrong.stopRelay();
    }
    const right = await startRelay({ upstream: mock, dataDir: wrong.dataDir });
    try {
      await until(() => mock.records('events').length === 5, 'delivery with the right token');
      assert.deepEqual(seqsOf(mock.records('events')), events.map(seqOf));
    } finally {
      await right.close();
      await mock.close();
    }
  });

  it("stamps by the service's clock, asked at start, when the relay's runs a day ahead of it: what arrives before any delivery waits for it rather than dies, and nothing blames the token", async () => {
    const DAY = 86_400_000;
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, now: () => Date.now() - DAY });
    const h = await startRelay({ upstream: mock });
    const mirror = (path: string, body: unknown) =>
      fetch(`${h.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      const events = Array.from({ length: 12 }, () => browserEvent());
      const answers = await Promise.all(events.map((event) => collect(h.url, event)));
      assert.deepEqual(
        answers.map((a) => a.status),
        events.map(() => 200),
      );
      await until(() => mock.records('events').length === 12, 'the twelve events, none refused');
      assert.equal((await h.relay.shopbeacon.outbox.counts()).dead.event, 0);
      for (const event of events) {
        const stamped = String(deliveredEvent(mock, event)?.['datetime']);
        assert.ok(
          Math.abs(Date.parse(stamped.replace(' ', 'T')) - (Date.now() - DAY)) < 120_000,
          `stamped ${stamped}, a day behind the relay's clock`,
        );
      }
      assert.ok(h.logs.some((line) => line.includes("the relay's clock is 1440 min ahead of the service's")));
      assert.equal((await mirror('/v1/orders', order(Date.now() - 2 * DAY, { order_id: 7001 }))).status, 202);
      await until(() => mock.records('orders').length === 1, 'the order, dated before either clock');
      assert.equal(
        (await mirror('/v1/track', trackingEvent(Date.now() - 3_600_000, { user_id: 'future-for-the-service' })))
          .status,
        400,
        'a time the service would judge future is refused at the door',
      );
      assert.equal((await fetch(`${h.url}/readyz`)).status, 200);
      assert.ok(
        !h.logs.some((line) => /token/i.test(line) && /paused|refused the token|revoked/.test(line)),
        'no line blames the token',
      );
    } finally {
      await h.close();
      await mock.close();
    }
  });

  it('shows the adaptive limit, its reason and the latency of the last window in /metrics and /stats', async () => {
    const h = await startRelay({ mock: { faults: { latencyMs: 15 } } });
    try {
      const events = Array.from({ length: 40 }, () => browserEvent());
      const began = performance.now();
      await Promise.all(events.map((e) => collect(h.url, e)));
      await until(() => h.mock.records('events').length === 40, 'delivery');
      const deliveredInSeconds = (performance.now() - began) / 1000;
      const metrics = await (
        await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).text();
      assert.match(metrics, /shopbeacon_delivery_concurrency_limit\{reason="[a-z ()0-9]+"\} [1-9]\d*/);
      const latency = Number(/shopbeacon_delivery_observed_latency_seconds ([\d.e-]+)/.exec(metrics)?.[1]);
      // Bounded by the service's own delay below and by the whole delivery above: a busy machine
      // stretches every call (the mock shares the relay's event loop), but no call outlasts the run.
      assert.ok(
        latency >= 0.015 && latency <= deliveredInSeconds,
        `observed latency ${latency} s for a service taking 15 ms, delivered in ${deliveredInSeconds} s`,
      );
      const stats = (await (
        await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).json()) as {
        delivery: { concurrency: { limit: number; max: number; latencyMs: number } };
      };
      assert.equal(stats.delivery.concurrency.max, 512);
      assert.ok(stats.delivery.concurrency.limit >= 1 && stats.delivery.concurrency.latencyMs >= 15);
    } finally {
      await h.close();
    }
  });
});
