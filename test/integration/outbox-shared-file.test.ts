import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteOutbox } from '../../relay/outbox/sqlite-outbox.js';
import { outboxEvent as event } from '../helpers/outbox-records.js';

/** Another process committing to the outbox's file as fast as it can, as `shopbeacon outbox retry` does now and then. */
const WRITER = `
import { openSqlite } from './relay/shared/sqlite-driver.ts';
const db = openSqlite(process.env.OUTBOX_FILE);
db.pragma('busy_timeout = 5000');
const touch = db.prepare("UPDATE counters SET value = value WHERE name = 'coalesced'");
console.log('writing');
for (;;) touch.run();
`;

describe('the SQLite outbox with another process on its file', () => {
  it('takes every batch while the other process commits, none refused as busy', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-shared-file-'));
    const outbox = new SqliteOutbox({ dataDir });
    await outbox.enqueue([event('before-the-writer')]);
    const writer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER], {
      env: { ...process.env, OUTBOX_FILE: join(dataDir, 'outbox.sqlite') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await once(writer.stdout, 'data');
      const refusals: string[] = [];
      for (let i = 0; i < 300; i++)
        await outbox.enqueue([event(`beside-the-writer-${i}`)]).catch((error: Error) => refusals.push(error.message));
      assert.deepEqual(refusals, []);
    } finally {
      writer.kill();
      await once(writer, 'exit');
      outbox.close();
    }
  });
});
