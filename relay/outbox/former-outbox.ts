import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Files that only exist where a SQLite outbox was kept: its own journal and shared memory, and the
 * visitor count and order coverage, which the relay makes beside it after opening it (with Redis
 * they are kept there instead). `platforms.sqlite` is not one: a backfill may make it in a
 * directory whose outbox is elsewhere.
 */
const TRACES = ['outbox.sqlite-wal', 'outbox.sqlite-shm', 'visitors.sqlite', 'coverage.sqlite'];

/**
 * The file in `dataDir` showing an outbox was kept there, or undefined. With one, a missing or
 * empty `outbox.sqlite` is records lost, not a first start.
 */
export function formerOutboxTrace(dataDir: string): string | undefined {
  return TRACES.map((name) => join(dataDir, name)).find((path) => existsSync(path));
}
