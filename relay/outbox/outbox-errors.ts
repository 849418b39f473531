import { join } from 'node:path';

/** SQLite's codes for a file that is not, or no longer, a database it can read. */
const DAMAGED = /^SQLITE_(CORRUPT|NOTADB)/;

/** Whether an error says the file itself is damaged (cut short, overwritten), not the directory. */
export function isDamagedFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGED.test(code);
}

function damagedMessage(dataDir: string, cause: Error): string {
  const file = join(dataDir, 'outbox.sqlite');
  return (
    `${file} is damaged (${cause.message}): it was cut short or overwritten, so the relay will not start on it. ` +
    `Run \`shopbeacon outbox recover --data-dir ${dataDir}\`: it reads what SQLite still can into a new outbox and keeps the damaged file beside it; then start again`
  );
}

/**
 * The outbox cannot be opened at start: the data directory cannot hold it (read-only, missing
 * permission, not a directory), or its file is damaged, each said in one plain sentence.
 */
export class OutboxOpenError extends Error {
  override readonly name = 'OutboxOpenError';
  readonly code = 'outbox_open_failed';

  constructor(dataDir: string, cause: unknown) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    super(
      isDamagedFile(cause)
        ? damagedMessage(dataDir, error)
        : `the data directory ${dataDir} cannot hold the outbox (${error.message}); check SHOPBEACON_DATA_DIR / --data-dir: it must be writable`,
    );
  }
}
