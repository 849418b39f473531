// `shopbeacon outbox recover`: an outbox damaged in each of the ways a disk or a person damages one
// (cut short, cut to half, a page overwritten, its header overwritten), read back into a new one by
// the real CLI, the damaged file kept, the loss said, and the relay delivering what was read. An
// outbox emptied or removed where one was kept is refused at start and recovered as a loss.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { overwrite, PAGE } from '../helpers/damaged-outbox.js';
import { runCli } from '../helpers/cli-run.js';
import { SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { SmallDisk } from '../helpers/small-disk.js';

const EVENTS = 300;
/** Each event's body is over 300 bytes: a page holds fewer than this many. */
const MOST_ON_A_PAGE = Math.floor(PAGE / 300);

const REPORT = new RegExp(
  [
    String.raw`^recovered (\d+) record\(s\) into (\S+): (\d+) queued, (\d+) dead letter\(s\) \((\d+) read through SQLite, (\d+) from leaf pages no readable tree leads to\)`,
    String.raw`lost (\d+) of the (\d+) record\(s\) the damaged outbox held \(its totals: accepted less delivered\)`,
    String.raw`the damaged outbox is kept as ([^,\s]+)`,
    String.raw`the duplicate window starts empty: a batch sent again within 24 hours may be delivered twice\n$`,
  ].join('\n'),
);

/** The harm done to the file, and what must come back of the 300 events it held. */
const DAMAGES: { harm: string; damage: (file: string) => void; lostAtMost: number }[] = [
  {
    harm: 'cut short by its last page',
    damage: (f) => truncateSync(f, statSync(f).size - PAGE),
    lostAtMost: MOST_ON_A_PAGE,
  },
  {
    harm: 'cut to half',
    damage: (f) => truncateSync(f, Math.floor(statSync(f).size / 2 / PAGE) * PAGE),
    lostAtMost: EVENTS - 1,
  },
  {
    harm: "whose page 3 (the records table's root) is overwritten",
    damage: (f) => overwrite(f, 2 * PAGE, Buffer.alloc(PAGE, 0xa5)),
    lostAtMost: 0,
  },
  {
    harm: 'whose header is overwritten with text',
    damage: (f) => overwrite(f, 0, Buffer.from('NOT A DATABASE FILE AT ALL!!')),
    lostAtMost: 0,
  },
  {
    harm: 'with a page in its middle torn',
    damage: (f) => overwrite(f, Math.floor(statSync(f).size / PAGE / 2) * PAGE + 8, Buffer.alloc(PAGE - 8, 0x5a)),
    lostAtMost: MOST_ON_A_PAGE,
  },
];

/** A copy of `dir` in a directory of its own. */
function copyOf(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'sb-recover-'));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

const seqOf = (event: unknown) => (event as { event: { seq: number } }).event.seq;

describe('shopbeacon outbox recover', () => {
  /** A data directory whose outbox holds 300 events the service never took, the relay stopped. */
  let filled: string;

  before(async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { failRate: 1, failStatus: 500 } });
    const relay = await startRelay({ upstream: mock });
    try {
      for (let i = 0; i < EVENTS; i += 30) {
        const events = Array.from({ length: 30 }, (_, j) =>
          browserEvent({
            event: { product_id: 7, name: 'x'.repeat(300), price: 1, currency: 'EUR', quantity: 1, seq: i + j },
          }),
        );
        assert.equal((await collect(relay.url, { events })).status, 200);
      }
    } finally {
      await relay.stopRelay();
      await mock.close();
    }
    filled = relay.dataDir;
  });

  for (const { harm, damage, lostAtMost } of DAMAGES) {
    it(`reads an outbox ${harm} into a new one, says what was lost, keeps the damaged file as it was, and the relay delivers what was read`, async () => {
      const dataDir = copyOf(filled);
      const file = join(dataDir, 'outbox.sqlite');
      damage(file);
      const damaged = readFileSync(file);

      const run = await runCli(['outbox', 'recover', '--data-dir', dataDir], {});
      assert.equal(run.code, 0, run.stderr);
      const said = REPORT.exec(run.stdout);
      assert.ok(said, run.stdout);
      console.log(`# ${harm}: ${run.stdout.split('\n').slice(0, 2).join(' / ')}`);
      const [recovered, into, queued, dead, , , lost, held] = said
        .slice(1, 9)
        .map((n) => (/^\d+$/.test(n!) ? Number(n) : n));
      assert.equal(into, file);
      assert.equal(held, EVENTS, 'what the damaged outbox held, by its own totals');
      assert.equal(Number(recovered) + Number(lost), EVENTS, 'every record it held is recovered or counted lost');
      assert.equal(Number(queued) + Number(dead), recovered);
      assert.ok(Number(recovered) > 0 && Number(lost) <= lostAtMost, run.stdout);
      assert.deepEqual(readFileSync(said[9]!), damaged, 'the damaged file kept byte for byte');

      const mock: MockUpstream = await createMockUpstream({ token: SERVICE_TOKEN });
      const relay = await startRelay({ upstream: mock, dataDir });
      try {
        await until(() => mock.records('events').length === recovered, 'the recovered events');
        const seqs = mock.records('events').map(seqOf);
        assert.equal(new Set(seqs).size, seqs.length, 'no event delivered twice');
        assert.ok(
          seqs.every((seq) => seq >= 0 && seq < EVENTS),
          'only events that were sent',
        );
        const counts = await relay.relay.shopbeacon.outbox.counts();
        assert.equal(counts.accepted, counts.delivered + counts.queued.event + counts.dead.event);
      } finally {
        await relay.close();
        await mock.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  const noRoom = unmetRequirement('a full data directory', SmallDisk.unavailableReason());

  it(
    'leaves the damaged file where it was, as it was, when the disk has no room for the new outbox, and recovers once it has',
    { skip: noRoom },
    async () => {
      const disk = new SmallDisk().mount(2);
      try {
        const dataDir = join(disk.dir, 'data');
        cpSync(filled, dataDir, { recursive: true });
        const file = join(dataDir, 'outbox.sqlite');
        overwrite(file, 2 * PAGE, Buffer.alloc(PAGE, 0xa5));
        const [damaged, files] = [readFileSync(file), readdirSync(dataDir)];
        disk.fill();

        const full = await runCli(['outbox', 'recover', '--data-dir', dataDir], {});
        assert.equal(full.code, 1, full.stdout);
        assert.match(
          full.stderr,
          new RegExp(
            `^shopbeacon outbox recover: the new outbox could not be written in ${dataDir} \\(ENOSPC[^\n]*\\): ${file} is left where it was, as it was; make room or fix the directory and run this again\n$`,
          ),
        );
        assert.deepEqual(readFileSync(file), damaged);
        assert.deepEqual(readdirSync(dataDir), files, 'nothing moved aside, nothing left behind');

        disk.free();
        const roomy = await runCli(['outbox', 'recover', '--data-dir', dataDir], {});
        assert.equal(roomy.code, 0, roomy.stderr);
        assert.match(roomy.stdout, new RegExp(`^recovered ${EVENTS} record\\(s\\)`));
      } finally {
        disk.unmount();
      }
    },
  );

  it('refuses at start, in one line naming the file and the command, an outbox emptied or removed where one was kept; recover then starts a new one and says the loss is unknown', async () => {
    for (const [found, harm] of [
      ['empty (0 bytes)', (f: string) => writeFileSync(f, '')],
      ['missing', (f: string) => rmSync(f)],
    ] as const) {
      const dataDir = copyOf(filled);
      const file = join(dataDir, 'outbox.sqlite');
      harm(file);
      const start = await runCli(['relay', '--port', '0'], {
        SHOPBEACON_DATA_DIR: dataDir,
        SHOPBEACON_BASE_URL: 'http://127.0.0.1:9',
        SHOPBEACON_TOKEN: SERVICE_TOKEN,
      });
      assert.equal(start.code, 1, start.stdout);
      assert.equal(start.stderr.trim().split('\n').length, 1, start.stderr);
      assert.equal(
        start.stderr.trim(),
        `shopbeacon relay: ${file} is ${found}, but ${join(dataDir, 'visitors.sqlite')} shows an outbox was kept here: the records it held are gone, so the relay will not silently start a new, empty one. ` +
          `Run \`shopbeacon outbox recover --data-dir ${dataDir}\`: it reads what is left, says what was lost and starts a new outbox; then start again`,
      );

      const recover = await runCli(['outbox', 'recover', '--data-dir', dataDir], {});
      assert.equal(recover.code, 0, recover.stderr);
      assert.match(recover.stdout, /^recovered 0 record\(s\) into \S+: 0 queued, 0 dead letter\(s\)/);
      assert.match(recover.stdout, /\nlost: unknown \(the damaged outbox's totals cannot be read/);
      const status = await runCli(['outbox', 'status', '--data-dir', dataDir, '--json'], {});
      assert.equal(status.code, 0, status.stderr);
      assert.equal((JSON.parse(status.stdout) as { accepted: number }).accepted, 0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses, in one line and changing nothing, where no outbox is and where the outbox is not damaged (a relay may be using it)', async () => {
    const missing = await runCli(['outbox', 'recover', '--data-dir', '/nonexistent/shopbeacon-data'], {});
    assert.equal(missing.code, 1);
    assert.equal(
      missing.stderr,
      'shopbeacon outbox recover: there is no outbox to recover: /nonexistent/shopbeacon-data/outbox.sqlite does not exist\n',
    );
    const h = await startRelay();
    try {
      await collect(h.url, browserEvent());
      const before = readFileSync(join(h.dataDir, 'outbox.sqlite'));
      const healthy = await runCli(['outbox', 'recover', '--data-dir', h.dataDir], {});
      assert.equal(healthy.code, 1);
      assert.match(
        healthy.stderr,
        /^shopbeacon outbox recover: \S+outbox\.sqlite is not damaged \(SQLite's quick_check finds nothing\): there is nothing to recover, and a relay may be using it\n$/,
      );
      assert.ok(readFileSync(join(h.dataDir, 'outbox.sqlite')).length >= before.length, 'the file left where it is');
    } finally {
      await h.close();
    }
  });
});
