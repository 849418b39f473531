import { HttpError } from '../http/http-error.js';

/** The outbox is at its record or byte cap: nothing queued is evicted, so new records are refused. */
export class OutboxFullError extends HttpError {
  constructor(limit: string) {
    super(503, 'outbox_full', `the outbox is full (${limit}); retry later`, undefined, { 'Retry-After': '30' });
  }
}

/** The outbox could not commit (read-only directory, full disk, I/O error). */
export class OutboxUnavailableError extends HttpError {
  constructor(readonly causeCode: string) {
    super(503, 'outbox_unavailable', 'the outbox cannot store records right now; retry later', undefined, { 'Retry-After': '10' });
  }
}

/** The data directory cannot hold the outbox at start (read-only, missing permission, not a directory). */
export class OutboxOpenError extends Error {
  override readonly name = 'OutboxOpenError';
  readonly code = 'outbox_open_failed';

  constructor(dataDir: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the data directory ${dataDir} cannot hold the outbox (${reason}); check SHOPBEACON_DATA_DIR / --data-dir: it must be writable`);
  }
}
