import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { ADMIN_KEY, SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { killHard, spawnRelay, type RelayProcess } from '../helpers/relay-process.js';

// What the relay costs while the service is down, with 30,000 queued, is a figure: `npm run bench:outage`.
const EVENTS = 1_000;

// The reasons are told to the admin key only (#47).
const readyz = async (relay: RelayProcess) =>
  (await (await fetch(`${relay.url}/readyz`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
    reasons?: string[];
  };
const stats = async (relay: RelayProcess) =>
  (await (await fetch(`${relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
    outbox: { dead: Record<string, number> };
    delivery: { unreachableSince: number | null };
  };

describe('an outage of the service', () => {
  it(`only probes the service while it is down with ${EVENTS} events queued, dead-letters nothing, and delivers all once it returns`, async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { mode: 'drop' } });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-outage-')));
    try {
      const seqs: number[] = [];
      for (let i = 0; i < EVENTS / 50; i += 1) {
        const events = Array.from({ length: 50 }, () => browserEvent());
        const answer = await collect(relay.url, { events });
        assert.equal(answer.status, 200);
        seqs.push(...events.map((e) => (e['event'] as { seq: number }).seq));
      }
      await until(
        async () =>
          (await readyz(relay)).reasons?.some((r) => r.startsWith('the service is unreachable since')) === true,
        '/readyz naming the outage',
      );
      assert.ok((await stats(relay)).delivery.unreachableSince !== null);
      const callsBefore = mock.calls().length;
      const windowStart = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 4_000)); // a window to count the calls in, not a wait for an event
      const seconds = (performance.now() - windowStart) / 1000;
      const calls = mock.calls().length - callsBefore;
      assert.ok(calls <= 4, `${calls} calls in ${seconds.toFixed(1)} s: probes only`);
      mock.setFaults({ mode: 'normal' });
      await until(() => mock.records('events').length >= EVENTS, 'every event at the service');
      const delivered = new Set(mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq));
      assert.equal(seqs.filter((seq) => !delivered.has(seq)).length, 0);
      const dead = (await stats(relay)).outbox.dead;
      assert.equal(
        Object.values(dead).reduce((a, b) => a + b, 0),
        0,
      );
      await until(async () => (await stats(relay)).delivery.unreachableSince === null, 'the circuit closed');
    } finally {
      await killHard(relay);
      await mock.close();
    }
  });
});
