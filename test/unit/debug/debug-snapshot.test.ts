import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { concurrencyWire, debugSnapshot, type SnapshotSources } from '../../../relay/debug/debug-snapshot.js';
import { RecordFeed } from '../../../relay/debug/record-feed.js';
import type { ConcurrencyView } from '../../../relay/delivery/adaptive-concurrency.js';
import type { DeliveryWorker } from '../../../relay/delivery/delivery-worker.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { emptyStatus } from '../../../relay/sync/sync-status.js';
import { outboxEvent, outboxOrder } from '../../helpers/outbox-records.js';

const T0 = Date.parse('2026-11-27T16:10:00Z');

const view = (observedMs: number | undefined): ConcurrencyView => ({
  limit: 8,
  max: 32,
  reason: 'latency flat',
  observedMs,
  baselineMs: undefined,
});

/** The worker's state as the snapshot reads it: the seam, not a running worker. */
const worker = (state: Partial<Pick<DeliveryWorker, 'paused' | 'pauseReason' | 'unreachable'>> = {}) =>
  ({ paused: false, inFlightCount: 3, concurrency: view(12.345), ...state }) as unknown as DeliveryWorker;

/** A real SQLite outbox in a temp folder on the clock `at`, closed and removed after the test. */
function outbox(t: TestContext, at: () => number): SqliteOutbox {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-debug-snapshot-'));
  const box = new SqliteOutbox({ dataDir, now: at });
  t.after(() => {
    box.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return box;
}

function sources(box: SqliteOutbox, overrides: Partial<SnapshotSources> = {}): SnapshotSources {
  return {
    outbox: box,
    worker: worker(),
    feed: new RecordFeed({ now: () => T0 }),
    serviceUrl: 'http://127.0.0.1:9100',
    visitorsByMonth: async () => ({ '2026-10': 40, '2026-11': 7 }),
    now: () => T0 + 5_000,
    ...overrides,
  };
}

describe('debugSnapshot(sources)', () => {
  it("sums the outbox's queued and dead records over the kinds, the oldest's age on the snapshot's clock", async (t) => {
    const box = outbox(t, () => T0);
    await box.enqueue([outboxEvent('evt-a'), outboxEvent('evt-b'), outboxOrder(1001, 'completed')]);
    const [first] = box.due(T0, 1, new Set());
    box.deadLetter([first?.id ?? 0], '400 invalid_record');
    const snapshot = await debugSnapshot(sources(box));
    assert.equal(snapshot.at, T0 + 5_000);
    assert.equal(snapshot.serviceUrl, 'http://127.0.0.1:9100');
    assert.deepEqual(
      { ...snapshot.outbox, bytes: snapshot.outbox.bytes > 0 },
      {
        queued: 2,
        dead: 1,
        bytes: true,
        oldestAgeMs: 5_000,
      },
    );
    assert.deepEqual(snapshot.totals, { accepted: 3, delivered: 0, coalesced: 0 });
  });

  it('shows no age for an empty outbox, and the dead letters with their answer, at most 25', async (t) => {
    const box = outbox(t, () => T0);
    assert.equal((await debugSnapshot(sources(box))).outbox.oldestAgeMs, null);
    await box.enqueue(Array.from({ length: 30 }, (_, i) => outboxEvent(`evt-${i}`)));
    box.deadLetter(
      box.due(T0, 30, new Set()).map((r) => r.id),
      '400 {"error":"invalid_record"}',
    );
    const { deadLetters, outbox: counts } = await debugSnapshot(sources(box));
    assert.deepEqual([deadLetters.length, counts.dead, counts.oldestAgeMs], [25, 30, null]);
    assert.deepEqual(Object.keys(deadLetters[0] ?? {}).sort(), [
      'attempts',
      'body',
      'createdAt',
      'id',
      'kind',
      'lastError',
    ]);
    assert.deepEqual(
      [deadLetters[0]?.kind, deadLetters[0]?.createdAt, deadLetters[0]?.lastError],
      ['event', T0, '400 {"error":"invalid_record"}'],
    );
    assert.deepEqual(JSON.parse(deadLetters[0]?.body ?? '{}'), outboxEvent('evt-0').body);
  });

  it('says why delivery is paused, else since when the service is unreachable, else nothing', async (t) => {
    const box = outbox(t, () => T0);
    const unreachable = { since: T0 - 60_000, reason: 'connect ECONNREFUSED 127.0.0.1:9100' };
    const delivery = async (state: Parameters<typeof worker>[0]) =>
      (await debugSnapshot(sources(box, { worker: worker(state) }))).delivery;
    assert.deepEqual(
      await delivery({ paused: true, pauseReason: 'the service refused the token (401)', unreachable }),
      {
        paused: true,
        reason: 'the service refused the token (401)',
        unreachableSince: T0 - 60_000,
        inFlight: 3,
        concurrency: { limit: 8, max: 32, reason: 'latency flat', latencyMs: 12.3 },
      },
    );
    const down = await delivery({ unreachable });
    assert.deepEqual([down.paused, down.reason, down.unreachableSince], [false, unreachable.reason, T0 - 60_000]);
    const fine = await delivery({});
    assert.deepEqual([fine.reason, fine.unreachableSince], [null, null]);
  });

  it("counts this month's visitors on the snapshot's clock, and none when the count fails or has no such month", async (t) => {
    const box = outbox(t, () => T0);
    assert.deepEqual((await debugSnapshot(sources(box))).visitors, { month: '2026-11', count: 7 });
    const failing = sources(box, { visitorsByMonth: () => Promise.reject(new Error('redis down')) });
    assert.deepEqual((await debugSnapshot(failing)).visitors, { month: '2026-11', count: 0 });
    const december = sources(box, { now: () => Date.parse('2026-12-01T00:00:00Z') });
    assert.deepEqual((await debugSnapshot(december)).visitors, { month: '2026-12', count: 0 });
  });

  it("shows each sync's card fields only, the coverage as given, and neither without their sources", async (t) => {
    const box = outbox(t, () => T0);
    const status = {
      ...emptyStatus('woocommerce', 300_000, true),
      lastSuccessAt: T0 - 1_000,
      sent: 4,
      unchanged: 2,
      webhookNote: 'a read-only key',
    };
    const coverage = [
      {
        platform: 'woocommerce',
        storefrontOrders: 3,
        joined: 2,
        joinedShare: 2 / 3,
        unjoined: [{ id: 1003, cause: 'unknown' }],
        claimed: 0,
        madeElsewhere: { 'back office': 1 },
        duplicated: 0,
        unmatched: 0,
      },
    ];
    const snapshot = await debugSnapshot(sources(box, { syncStatuses: () => [status], coverage: () => coverage }));
    assert.deepEqual(snapshot.sync, [
      {
        platform: 'woocommerce',
        lastSuccessAt: T0 - 1_000,
        lastError: null,
        failingSince: null,
        sent: 4,
        unchanged: 2,
        missedByWebhooks: 0,
        webhooksRepaired: 0,
      },
    ]);
    assert.deepEqual(snapshot.coverage, coverage);
    const bare = await debugSnapshot(sources(box));
    assert.deepEqual([bare.sync, bare.coverage], [[], []]);
  });

  it("charts the feed's last minute, second by second", async (t) => {
    const box = outbox(t, () => T0);
    const feed = new RecordFeed({ now: () => T0 });
    feed.publish({ state: 'accepted', kind: 'event', key: 'evt-a' });
    const { series } = await debugSnapshot(sources(box, { feed }));
    assert.equal(series.length, 60);
    assert.deepEqual([series.at(-1)?.t, series.at(-1)?.accepted], [T0, 1]);
  });
});

describe('concurrencyWire(view)', () => {
  it('rounds the observed latency to a tenth of a millisecond, and shows none before one was observed', () => {
    assert.deepEqual(concurrencyWire(view(12.345)), { limit: 8, max: 32, reason: 'latency flat', latencyMs: 12.3 });
    assert.equal(concurrencyWire(view(0.05)).latencyMs, 0.1);
    assert.equal(concurrencyWire(view(undefined)).latencyMs, null);
  });
});
