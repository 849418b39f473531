import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { LogThrottle } from '../shared/log-throttle.js';
import { StorageError, type StorageErrorCode } from '../shared/storage-error.js';
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

/**
 * Every error becomes a JSON answer: 4xx with the code, a message and the field errors; 5xx with
 * a generic message only (the details go to the log, never to the client).
 */
export function errorHandler(options: { logger: Logger }) {
  const throttle = new LogThrottle();
  const logServerError = (ctx: Context, error: HttpError) => {
    const suppressed = throttle.pass(error.code);
    if (suppressed === undefined) return;
    const cause = (error as { causeCode?: string }).causeCode;
    options.logger.error(
      {
        code: error.code,
        ...(cause ? { cause } : {}),
        requestId: ctx.state['requestId'],
        suppressedSinceLast: suppressed,
      },
      error.message,
    );
  };
  return async function errorHandlerMiddleware(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (thrown) {
      const error = thrown instanceof StorageError ? storageAnswer(thrown) : thrown;
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = { error: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
        if (error.status >= 500) logServerError(ctx, error);
        return;
      }
      options.logger.error({ err: error, requestId: ctx.state['requestId'] }, 'unexpected error');
      ctx.status = 500;
      ctx.body = { error: 'internal_error', message: 'internal error' };
    }
  };
}

/** Unknown paths: 404 with a JSON body rather than Koa's plain text. */
export function notFound(ctx: Context): void {
  throw new HttpError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
}
