import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * The data directory, made 0700 when it does not exist yet. What it holds (orders with emails and
 * phone numbers, visitor ids) is the relay's user's alone (0755 and 0644). A directory
 * the operator made is left as it is: it may be shared (a mount, /tmp), and its files are 0600.
 */
export function privateDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * A data file created 0600 before SQLite opens it, or narrowed to 0600 if an older relay made it
 * wider. SQLite gives the file's `-wal` and `-shm` the same permissions.
 */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    } catch {
      // Absent (no WAL yet), or not ours to change: SQLite reports what matters when it opens.
    }
  }
}
