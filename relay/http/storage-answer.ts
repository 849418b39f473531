import type { StorageError, StorageErrorCode } from '../shared/storage-error.js';
import { HttpError } from './http-error.js';

/** How long a client waits before trying again, by what failed: a full outbox drains slower than Redis reconnects. */
const RETRY_AFTER_SECONDS: Record<StorageErrorCode, number> = {
  outbox_full: 30,
  outbox_unavailable: 10,
  shared_state_unavailable: 5,
  replicas_unconfirmed: 2,
};

/** The one place a storage failure becomes an HTTP answer: 503, its code, and `Retry-After`. */
export function storageAnswer(error: StorageError): HttpError {
  const answer = new HttpError(503, error.code, error.message, undefined, {
    'Retry-After': String(RETRY_AFTER_SECONDS[error.code]),
  });
  return Object.assign(answer, { causeCode: error.causeCode });
}
