// `shopbeacon outbox recover`: an outbox damaged mid-file (a torn page) read back into a new one,
// the damaged file kept, and the relay delivering what was recovered.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { runCli } from '../helpers/cli-run.js';
import { SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';

const RECOVERED =
  /^(\d+) queued record\(s\) and (\d+) dead letter\(s\) recovered into (\S+); (\d+) it held could not be read; the damaged file is kept as (\S+)\. The duplicate window starts empty/;

describe('shopbeacon outbox recover', () => {
  it('reads what SQLite still can of an outbox with a torn page into a new one, keeps the damaged file, and the relay delivers what it read', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { failRate: 1, failStatus: 500 } });
    const first = await startRelay({ upstream: mock });
    const events = Array.from({ length: 300 }, () =>
      browserEvent({ event: { product_id: 7, name: 'x'.repeat(300), price: 1, currency: 'EUR', quantity: 1 } }),
    );
    try {
      for (let i = 0; i < events.length; i += 30)
        assert.equal((await collect(first.url, { events: events.slice(i, i + 30) })).status, 200);
    } finally {
      await first.stopRelay();
    }
    const file = join(first.dataDir, 'outbox.sqlite');
    const torn = readFileSync(file);
    const page = Math.floor(torn.length / 4096 / 2);
    torn.fill(0x5a, page * 4096 + 8, (page + 1) * 4096);
    writeFileSync(file, torn);

    const run = await runCli(['outbox', 'recover', '--data-dir', first.dataDir], {});
    assert.equal(run.code, 0, run.stderr);
    const said = RECOVERED.exec(run.stdout);
    assert.ok(said, run.stdout);
    console.log(`# ${run.stdout.trim()}`);
    const [, queued, dead, into, lost, keptAs] = said.map(String);
    assert.equal(into, file);
    assert.ok(Number(queued) > 0, run.stdout);
    assert.equal(
      Number(queued) + Number(dead) + Number(lost),
      events.length,
      'every record the file held is recovered or counted lost',
    );
    assert.deepEqual(readFileSync(keptAs!), torn, 'the damaged file kept as it was');

    mock.setFaults({ failRate: 0 });
    const again = await startRelay({ upstream: mock, dataDir: first.dataDir });
    try {
      await until(() => mock.records('events').length === Number(queued), 'the recovered events');
      const counts = await again.relay.shopbeacon.outbox.counts();
      assert.equal(
        counts.accepted,
        counts.delivered + counts.queued.event + counts.dead.event,
        'accepted = delivered + queued + dead',
      );
    } finally {
      await again.close();
      await mock.close();
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
