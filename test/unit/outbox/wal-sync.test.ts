import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalSync } from '../../../relay/outbox/wal-sync.js';

const walFile = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-wal-sync-')), 'outbox.sqlite-wal');
  writeFileSync(file, 'frames');
  return file;
};

describe('WalSync, the WAL fsync off the event loop (relay/outbox/wal-sync.ts)', () => {
  it('resolves once the file is synced, and every call made while a sync runs shares the one after it', async () => {
    const sync = new WalSync(walFile());
    const first = sync.sync();
    const second = sync.sync();
    const third = sync.sync();
    assert.notEqual(first, second, 'a write after the running sync began needs a sync of its own');
    assert.equal(second, third, 'calls made meanwhile share the next sync');
    await Promise.all([first, second, third]);
    await sync.close();
  });

  it('refuses with the file system’s error when the WAL cannot be opened, and syncs again once it can', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-wal-sync-')), 'outbox.sqlite-wal');
    const sync = new WalSync(file);
    await assert.rejects(sync.sync(), /ENOENT/);
    writeFileSync(file, 'frames');
    await sync.sync();
    await sync.close();
  });
});
