/** What went wrong with storage, for the HTTP edge to answer (`storageAnswer` in `relay/http/error-handler.ts`) and operators to grep. */
export type StorageErrorCode =
  'outbox_full' | 'outbox_unavailable' | 'shared_state_unavailable' | 'replicas_unconfirmed';

/**
 * A storage failure that refuses a write without losing anything already taken: the outbox is at
 * its cap, its disk failed, or Redis does not answer. Storage says what happened; the HTTP edge
 * alone picks the status (503 and a `Retry-After`).
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';

  constructor(
    readonly code: StorageErrorCode,
    message: string,
    /** The driver's code behind it (`SQLITE_FULL`, `ECONNREFUSED`), for the log. */
    readonly causeCode?: string,
  ) {
    super(message);
  }
}

/** The outbox is at its record or byte cap: nothing queued is evicted, so new records are refused. */
export function outboxFull(limit: string): StorageError {
  return new StorageError('outbox_full', `the outbox is full (${limit}); retry later`);
}

/** The outbox could not commit (read-only directory, full disk, I/O error). */
export function outboxUnavailable(causeCode: string): StorageError {
  return new StorageError('outbox_unavailable', 'the outbox cannot store records right now; retry later', causeCode);
}

/**
 * Redis took the batch but fewer replicas than `SHOPBEACON_REDIS_WAIT_REPLICAS` confirmed it in
 * time: a primary lost now would lose it.
 */
export function replicasUnconfirmed(confirmed: number, wanted: number): StorageError {
  return new StorageError(
    'replicas_unconfirmed',
    `the outbox's replicas did not confirm the batch in time (${confirmed} of ${wanted}); retry later`,
  );
}

/** SQLite's codes for a disk or file that cannot be used now: storage is unavailable, not broken. */
const SQLITE_STORAGE_CODES = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED|CORRUPT|NOTADB|PERM)/;

/**
 * A failed SQLite read or commit as `outbox_unavailable` when the disk is to blame (the edge
 * answers 503); anything else as it is.
 */
export function asStorageError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SQLITE_STORAGE_CODES.test(code) ? outboxUnavailable(code) : error;
}
