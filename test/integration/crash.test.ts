// @runs-alone: a failover or a crash timed against real processes; nothing of the gate runs beside it (scripts/test-node.mjs, scripts/test-tiers.mjs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { ADMIN_KEY, SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { killHard, spawnRelay } from '../helpers/relay-process.js';

const BATCH = 10;
const CLIENTS = 8;

/** Posts batches from several clients until `stop()`; remembers the seqs of every batch answered 200. */
function loadClient(url: () => string) {
  const acked: number[] = [];
  let requests = 0;
  let inFlight = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const events = Array.from({ length: BATCH }, () => browserEvent());
      requests += 1;
      inFlight += 1;
      try {
        const res = await collect(url(), { events });
        if (res.status === 200) acked.push(...events.map((e) => (e['event'] as { seq: number }).seq));
      } catch {
        // Refused or reset by the kill: not acknowledged, so not owed.
      } finally {
        inFlight -= 1;
      }
    }
  };
  const running = Promise.all(Array.from({ length: CLIENTS }, client));
  return { acked, stats: () => ({ requests, inFlight }), stop: async () => ((stopped = true), await running) };
}

/** The relay's own limit on service calls in flight, as `/metrics` shows it now. */
async function deliveryLimit(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } }).then((r) =>
    r.text(),
  );
  return Number(/^shopbeacon_delivery_concurrency_limit\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/**
 * What one kill can send twice: the calls in flight, and the deliveries whose acknowledgement was
 * still waiting for its 5 ms batch. At 10 ms a call, each of the `limit` slots finishes at most one
 * call inside the batch's window, so each part is at most the limit; the limit is read just before
 * the kill, and slow start can double it once per round trip, hence 2 × limit for each part.
 */
const duplicateBound = (limit: number) => 2 * limit + 2 * limit;

describe('kill -9 under load', () => {
  it('delivers every acknowledged event after each of three crashes, with duplicates within the bound derived from the limit at each kill', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { latencyMs: 10 } });
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-crash-'));
    let relay = await spawnRelay(mock.url, dataDir);
    const load = loadClient(() => relay.url);
    let inFlightAtKills = 0;
    const kills: { limit: number; duplicatesBefore: number }[] = [];
    const duplicatesNow = () =>
      mock.records('events').length -
      new Set(mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq)).size;
    try {
      for (let round = 1; round <= 3; round++) {
        await until(() => load.acked.length >= round * 800, `${round * 800} acknowledged events`);
        kills.push({ limit: await deliveryLimit(relay.url), duplicatesBefore: duplicatesNow() });
        inFlightAtKills += load.stats().inFlight;
        await killHard(relay);
        relay = await spawnRelay(mock.url, dataDir);
      }
      await load.stop();
      const owed = new Set(load.acked);
      const delivered = () => new Set(mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq));
      // Wait for the owed ones themselves: events committed but never answered (in flight at a kill) are delivered too and must not count.
      await until(() => {
        const seen = delivered();
        return [...owed].every((seq) => seen.has(seq));
      }, 'every acknowledged event').catch(() => undefined);
      const received = mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq);
      const unique = new Set(received);
      const lost = [...owed].filter((seq) => !unique.has(seq));
      const duplicates = received.length - unique.size;
      // Each kill's duplicates show once the next relay redelivered them: before the next kill, or at the end.
      const perKill = kills.map((kill, i) => (kills[i + 1]?.duplicatesBefore ?? duplicates) - kill.duplicatesBefore);
      const bound = kills.reduce((sum, kill) => sum + duplicateBound(kill.limit), 0);
      console.log(
        `# kill -9 x3: ${load.stats().requests} requests, ${owed.size} events acknowledged, ${unique.size} delivered, ${lost.length} lost, ${duplicates} duplicates (per kill ${perKill.join(', ')}; limits at the kills ${kills.map((k) => k.limit).join(', ')}; bound ${bound}), ${inFlightAtKills} requests in flight at the kills`,
      );
      assert.equal(lost.length, 0);
      assert.ok(
        kills.every((k) => k.limit > 0),
        'the limit was read at each kill',
      );
      assert.ok(
        duplicates <= bound,
        `${duplicates} duplicates over the bound ${bound} (limits ${kills.map((k) => k.limit).join(', ')})`,
      );
    } finally {
      await load.stop();
      await killHard(relay).catch(() => undefined);
      await mock.close();
    }
  });

  it('exits 0 on SIGTERM within the grace period and loses nothing acknowledged', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { latencyMs: 200 } });
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-term-'));
    const relay = await spawnRelay(mock.url, dataDir, { SHOPBEACON_SHUTDOWN_GRACE_MS: '3000' });
    const events = Array.from({ length: 30 }, () => browserEvent());
    try {
      const answers = await Promise.all(events.map((e) => collect(relay.url, e)));
      assert.ok(answers.every((a) => a.status === 200));
      const exited = new Promise<number | null>((resolve) => relay.child.once('exit', resolve));
      relay.child.kill('SIGTERM');
      // A stop past its grace period (and the close after it) exits 1, whatever the machine's load.
      assert.equal(await exited, 0);
      const again = await spawnRelay(mock.url, dataDir);
      try {
        await until(
          () => new Set(mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq)).size === 30,
          'all 30 events',
        );
      } finally {
        await killHard(again);
      }
    } finally {
      await mock.close();
    }
  });
});
