import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteOutbox } from '../../relay/outbox/sqlite-outbox.js';
import { outboxEvent } from './outbox-records.js';

export const PAGE = 4096;

/**
 * A data directory whose outbox (closed) took `count` events through the real SqliteOutbox, of
 * which `delivered` were then delivered, the first or the last taken: their rows are deleted,
 * their pages freed. Each event's body is padded past 300 bytes, so a page holds at most 13.
 */
export async function filledOutbox(count: number, delivered = 0, which: 'first' | 'last' = 'first'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-filled-'));
  const outbox = new SqliteOutbox({ dataDir });
  const records = Array.from({ length: count }, (_, i) => {
    const record = outboxEvent(`evt-${i}`);
    return { ...record, body: { ...record.body, event: { name: 'x'.repeat(300), seq: i } } };
  });
  await outbox.enqueue(records);
  const due = outbox.due(Date.now(), count, new Set());
  for (const record of which === 'first' ? due.slice(0, delivered) : due.slice(count - delivered))
    outbox.delivered(record);
  outbox.close();
  return dataDir;
}

/** Writes `bytes` over `file` at `at`, as a torn write or a stray one does. */
export function overwrite(file: string, at: number, bytes: Buffer): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, bytes, 0, bytes.length, at);
  closeSync(fd);
}
