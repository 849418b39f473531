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
