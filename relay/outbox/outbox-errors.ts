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
  // quick_check's findings span lines: the refusal stays one.
  const finding = cause.message.replace(/\s+/g, ' ').trim();
  return (
    `${file} is damaged (${finding}): it was cut short or overwritten, so the relay will not start on it. ` +
    `Run \`shopbeacon outbox recover --data-dir ${dataDir}\`: it reads what SQLite still can into a new outbox and keeps the damaged file beside it; then start again`
  );
}

/** Where an outbox was kept (`trace` shows it), its file is gone or emptied. */
export interface LostOutbox {
  found: 'missing' | 'empty';
  trace: string;
}

function lostMessage(dataDir: string, { found, trace }: LostOutbox): string {
  const file = join(dataDir, 'outbox.sqlite');
  return (
    `${file} is ${found === 'missing' ? 'missing' : 'empty (0 bytes)'}, but ${trace} shows an outbox was kept here: the records it held are gone, so the relay will not silently start a new, empty one. ` +
    `Run \`shopbeacon outbox recover --data-dir ${dataDir}\`: it reads what is left, says what was lost and starts a new outbox; then start again`
  );
}

/**
 * The outbox cannot be opened at start: the data directory cannot hold it (read-only, missing
 * permission, not a directory), its file is damaged, or it is missing or empty where one was kept
 * (`lost`), each said in one plain sentence.
 */
export class OutboxOpenError extends Error {
  override readonly name = 'OutboxOpenError';
  readonly code = 'outbox_open_failed';

  constructor(dataDir: string, cause: unknown, lost?: LostOutbox) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    super(
      lost
        ? lostMessage(dataDir, lost)
        : isDamagedFile(cause)
          ? damagedMessage(dataDir, error)
          : `the data directory ${dataDir} cannot hold the outbox (${error.message}); check SHOPBEACON_DATA_DIR / --data-dir: it must be writable`,
    );
  }
}
