import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formerOutboxTrace } from '../../../relay/outbox/former-outbox.js';

describe('formerOutboxTrace(dataDir)', () => {
  it("names the outbox's journal, its shared memory, the visitor count or the order coverage when one is there", () => {
    for (const name of ['outbox.sqlite-wal', 'outbox.sqlite-shm', 'visitors.sqlite', 'coverage.sqlite']) {
      const dir = mkdtempSync(join(tmpdir(), 'sb-trace-'));
      try {
        writeFileSync(join(dir, name), '');
        assert.equal(formerOutboxTrace(dir), join(dir, name));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('finds none in a new directory, one that does not exist, or one holding only what a backfill may leave (platforms.sqlite)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-trace-'));
    try {
      assert.equal(formerOutboxTrace(dir), undefined);
      assert.equal(formerOutboxTrace(join(dir, 'not-there')), undefined);
      writeFileSync(join(dir, 'platforms.sqlite'), '');
      assert.equal(formerOutboxTrace(dir), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
