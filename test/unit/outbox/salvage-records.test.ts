import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { salvageRecords, type ReadBy } from '../../../relay/outbox/salvage-records.js';
import type { RecoveredRecord } from '../../../relay/outbox/recovered-record.js';
import { filledOutbox, overwrite, PAGE } from '../../helpers/damaged-outbox.js';

/** What salvageRecords takes from the outbox in `dataDir`, in order, with how each was read. */
function salvaged(dataDir: string) {
  const taken: { record: RecoveredRecord; by: ReadBy }[] = [];
  const totals = salvageRecords(join(dataDir, 'outbox.sqlite'), (record, by) => taken.push({ record, by }));
  const seqs = taken.map(({ record }) => (JSON.parse(record.body) as { event: { seq: number } }).event.seq);
  return { totals, taken, seqs, by: (how: ReadBy) => taken.filter((t) => t.by === how).length };
}

describe('salvageRecords(file, take)', () => {
  it('takes every record of a whole outbox through SQLite, as written, with its totals', async () => {
    const dataDir = await filledOutbox(200, 50);
    try {
      const { totals, taken, seqs, by } = salvaged(dataDir);
      assert.deepEqual(totals, { accepted: 200, delivered: 50 });
      assert.equal(by('sqlite'), 150);
      assert.deepEqual(
        seqs,
        Array.from({ length: 150 }, (_, i) => i + 50),
      );
      assert.equal(taken[0]!.record.state, 'queued');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("takes the records of leaves SQLite no longer reaches (the table's root overwritten) from the pages, each once", async () => {
    const dataDir = await filledOutbox(200);
    try {
      overwrite(join(dataDir, 'outbox.sqlite'), 2 * PAGE, Buffer.alloc(PAGE, 0xa5));
      const { totals, seqs, by } = salvaged(dataDir);
      assert.deepEqual(totals, { accepted: 200, delivered: 0 }, 'the totals are on a page of their own');
      assert.equal(by('pages'), 200);
      assert.deepEqual(
        [...seqs].sort((a, b) => a - b),
        Array.from({ length: 200 }, (_, i) => i),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** Loses the free list and the pointer map: the freed pages then read as leaves, their rows as records. */
  function loseFreeList(file: string): void {
    overwrite(file, 32, Buffer.alloc(8));
    overwrite(file, PAGE, Buffer.alloc(PAGE));
  }

  it('believes SQLite over the pages: rows of delivered records on pages that no longer look free are not taken again', async () => {
    for (const which of ['first', 'last'] as const) {
      const dataDir = await filledOutbox(300, 200, which);
      try {
        loseFreeList(join(dataDir, 'outbox.sqlite'));
        const { seqs, by } = salvaged(dataDir);
        assert.equal(by('pages'), 0, `the ${which} 200 delivered`);
        assert.deepEqual(
          seqs,
          Array.from({ length: 100 }, (_, i) => i + (which === 'first' ? 200 : 0)),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('takes what is left of a file cut to half, and nothing of a file of no pages', async () => {
    const dataDir = await filledOutbox(300);
    const file = join(dataDir, 'outbox.sqlite');
    try {
      truncateSync(file, Math.floor(statSync(file).size / 2 / PAGE) * PAGE);
      const { totals, seqs } = salvaged(dataDir);
      assert.deepEqual(totals, { accepted: 300, delivered: 0 });
      assert.ok(seqs.length > 0 && seqs.length < 300, `${seqs.length} of 300`);
      assert.equal(new Set(seqs).size, seqs.length);
      truncateSync(file, 0);
      assert.deepEqual(salvaged(dataDir).totals, null);
      assert.equal(salvaged(dataDir).taken.length, 0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
