import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { ADMIN_KEY, SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { killHard, spawnRelay, type RelayProcess } from '../helpers/relay-process.js';
import { SmallDisk } from '../helpers/small-disk.js';
import { unmetRequirement } from '../helpers/requirement.js';

const seqOf = (e: unknown) => (e as { event: { seq: number } }).event.seq;

/** Posts one event at a time, remembering each acknowledged one and the statuses seen. */
async function post(relay: RelayProcess, count: number, acked: number[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const event = browserEvent();
    const answer = await collect(relay.url, event);
    statuses.push(answer.status);
    if (answer.status === 200) acked.push(seqOf(event));
    if (answer.status === 503) assert.ok(answer.headers.get('retry-after'), '503 carries Retry-After');
  }
  return statuses;
}

const outboxRecords = async (relay: RelayProcess) => {
  const { outbox } = (await (
    await fetch(`${relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
  ).json()) as {
    outbox: { queued: Record<string, number>; dead: Record<string, number> };
  };
  return [...Object.values(outbox.queued), ...Object.values(outbox.dead)].reduce((a, b) => a + b, 0);
};

const readyz = async (relay: RelayProcess) => {
  // The reasons are told to the admin key only (#47).
  const answer = await fetch(`${relay.url}/readyz`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  return { status: answer.status, body: (await answer.json()) as { reasons?: string[] } };
};

async function allDelivered(mock: MockUpstream, acked: number[]): Promise<void> {
  await until(() => {
    const seen = new Set(mock.records('events').map(seqOf));
    return acked.every((seq) => seen.has(seq));
  }, 'every acknowledged event at the service');
}

const skip = unmetRequirement('a full or read-only data directory', SmallDisk.unavailableReason());

describe('a full or read-only data directory', { skip }, () => {
  let mock: MockUpstream;
  let disk: SmallDisk;
  let relay: RelayProcess;
  const acked: number[] = [];
  before(async () => {
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
    disk = new SmallDisk().mount(8);
    relay = await spawnRelay(mock.url, join(disk.dir, 'data'));
  });
  after(async () => {
    await killHard(relay);
    disk.unmount();
    await mock.close();
  });

  it('answers 503 while the disk is full, logs why once, reports not ready, and recovers without a restart', async () => {
    assert.deepEqual(new Set(await post(relay, 5, acked)), new Set([200]));
    mock.setFaults({ failRate: 1, failStatus: 503 });
    disk.fill();
    const during = await post(relay, 40, acked);
    const refused = during.filter((s) => s === 503).length;
    console.log(
      `# disk full: ${during.length} posts, ${refused} answered 503, ${during.length - refused} still fitted in free pages`,
    );
    assert.ok(refused > 0, during.join(','));
    assert.ok(during.every((s) => s === 200 || s === 503));
    const ready = await readyz(relay);
    assert.equal(ready.status, 503);
    assert.match(
      ready.body.reasons?.[0] ?? '',
      /^the disk of the data directory \S+ is full \(SQLITE_FULL\): the outbox refuses records until there is room/,
      'the full disk named first, not only the service it cannot reach',
    );
    assert.match(relay.output.join(''), /"cause":"SQLITE_FULL".*the outbox cannot store records/);
    disk.free();
    mock.setFaults({ failRate: 0 });
    await until(async () => (await readyz(relay)).status === 200, 'ready again');
    assert.deepEqual(new Set(await post(relay, 5, acked)), new Set([200]));
    await allDelivered(mock, acked);
  });

  it('refuses to start on a read-only directory, naming SHOPBEACON_DATA_DIR, without a stack trace', async () => {
    // Linux will not remount a filesystem read-only while a process holds a file open for writing,
    // so the read-only case is the start; a full disk (above) exercises the same 503 path mid-run.
    const readOnly = new SmallDisk().mount(1);
    try {
      readOnly.readOnly(true);
      await assert.rejects(spawnRelay(mock.url, join(readOnly.dir, 'data')), (error: Error) => {
        assert.match(
          error.message,
          /exited with 1: .*the data directory .* cannot hold the outbox .*SHOPBEACON_DATA_DIR/s,
        );
        assert.doesNotMatch(error.message, /^\s+at /m);
        return true;
      });
    } finally {
      readOnly.unmount();
    }
    console.log(`# full disk: ${acked.length} events acknowledged, all delivered, 0 lost`);
  });
});

describe('the outbox cap', () => {
  it('refuses with 503 and Retry-After at the cap, reports not ready, and takes records again once delivery made room', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { failRate: 1, failStatus: 503 } });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-cap-')), {
      SHOPBEACON_OUTBOX_MAX_RECORDS: '20',
    });
    const acked: number[] = [];
    try {
      const statuses = await post(relay, 25, acked);
      assert.deepEqual(statuses.filter((s) => s === 200).length, 20);
      assert.deepEqual(statuses.slice(20), [503, 503, 503, 503, 503]);
      // The mock fails every call, so once ten have failed /readyz also names the outage (#16).
      const [full, ...others] = (await readyz(relay)).body.reasons as string[];
      assert.equal(full, 'the outbox is full (20 records)');
      assert.ok(
        others.every((reason) => reason.startsWith('the service is unreachable since')),
        others.join(' | '),
      );
      // The warning reaches this process through the relay's stdout, which may trail its answers.
      await until(
        () => /the outbox is full \(20 records\)/.test(relay.output.join('')),
        'the warning that the outbox is full',
      );
      mock.setFaults({ failRate: 0 });
      await until(async () => (await readyz(relay)).status === 200, 'room again');
      // Ready means one record fits; the retried records come due one by one, so wait for room for three.
      await until(async () => (await outboxRecords(relay)) <= 17, 'room for three');
      assert.deepEqual(await post(relay, 3, acked), [200, 200, 200]);
      await allDelivered(mock, acked);
    } finally {
      await killHard(relay);
      await mock.close();
    }
  });
});
