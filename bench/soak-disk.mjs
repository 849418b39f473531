// The outbox's files on disk, for the soak's per-minute samples: after an outage's
// backlog drains they must stop growing (checkpoints not starved, free pages reused or given back).
import { statSync } from 'node:fs';
import { join } from 'node:path';

const size = (path) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** `outbox.sqlite` and its `-wal`, in MB with one decimal. */
export function outboxFiles(dataDir) {
  const mb = (bytes) => Math.round(bytes / 104_857.6) / 10;
  return { outboxMb: mb(size(join(dataDir, 'outbox.sqlite'))), walMb: mb(size(join(dataDir, 'outbox.sqlite-wal'))) };
}
