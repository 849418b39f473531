import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recoverOutbox } from '../../../relay/outbox/sqlite-recovery.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { filledOutbox, overwrite, PAGE } from '../../helpers/damaged-outbox.js';

const NOW = Date.parse('2026-12-07T10:00:00.123Z');
const KEPT = 'outbox.sqlite.damaged-2026-12-07T10-00-00-123Z';

function countsOf(dataDir: string) {
  const outbox = new SqliteOutbox({ dataDir });
  try {
    return outbox.counts();
  } finally {
    outbox.close();
  }
}

describe('recoverOutbox(dataDir)', () => {
  it('writes what it reads into a new outbox in its place and keeps the damaged file under a second name, byte for byte', async () => {
    const dataDir = await filledOutbox(200, 20);
    const file = join(dataDir, 'outbox.sqlite');
    try {
      overwrite(file, 2 * PAGE, Buffer.alloc(PAGE, 0xa5));
      const damaged = readFileSync(file);
      const recovery = recoverOutbox(dataDir, NOW);
      assert.deepEqual(recovery, {
        recovered: { queued: 180, dead: 0 },
        readBy: { sqlite: 0, pages: 180 },
        held: 180,
        lost: 0,
        kept: [join(dataDir, KEPT)],
      });
      assert.deepEqual(readFileSync(join(dataDir, KEPT)), damaged);
      assert.deepEqual(
        readdirSync(dataDir).sort(),
        ['outbox.sqlite', KEPT],
        'no journal of the damaged file, no scratch left',
      );
      const counts = countsOf(dataDir);
      assert.equal(counts.queued.event, 180);
      assert.equal(counts.delivered, 20, 'the delivered total carried over');
      assert.equal(counts.accepted, counts.delivered + counts.queued.event);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('counts as lost what the damaged file held by its totals and could not be read', async () => {
    const dataDir = await filledOutbox(200);
    const file = join(dataDir, 'outbox.sqlite');
    try {
      writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size - 3 * PAGE));
      const { recovered, held, lost } = recoverOutbox(dataDir, NOW);
      assert.equal(held, 200);
      assert.ok(lost! > 0, `${lost} lost`);
      assert.equal(recovered.queued + lost!, 200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('recovers an emptied or missing outbox where one was kept into an empty one, its loss unknown', async () => {
    for (const harm of ['empty', 'missing'] as const) {
      const dataDir = await filledOutbox(10);
      const file = join(dataDir, 'outbox.sqlite');
      try {
        writeFileSync(join(dataDir, 'visitors.sqlite'), '');
        if (harm === 'empty') writeFileSync(file, '');
        else rmSync(file);
        const recovery = recoverOutbox(dataDir, NOW);
        assert.deepEqual(recovery, {
          recovered: { queued: 0, dead: 0 },
          readBy: { sqlite: 0, pages: 0 },
          held: null,
          lost: null,
          kept: harm === 'empty' ? [join(dataDir, KEPT)] : [],
        });
        assert.equal(countsOf(dataDir).accepted, 0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('refuses, changing nothing, where no outbox is or was, and an outbox SQLite reads whole', async () => {
    const dataDir = await filledOutbox(10);
    const file = join(dataDir, 'outbox.sqlite');
    try {
      const whole = readFileSync(file);
      assert.throws(
        () => recoverOutbox(dataDir),
        /outbox\.sqlite is not damaged \(SQLite's quick_check finds nothing\)/,
      );
      assert.deepEqual(readFileSync(file), whole);
      // Its -wal and -shm, as any reader of a WAL file makes them, and nothing else.
      assert.deepEqual(
        readdirSync(dataDir).filter((name) => !/-(wal|shm)$/.test(name)),
        ['outbox.sqlite'],
      );
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix);
      assert.throws(
        () => recoverOutbox(dataDir),
        new RegExp(`^Error: there is no outbox to recover: ${file} does not exist$`),
      );
      assert.equal(existsSync(file), false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
