import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { HttpError } from './http-error.js';

/**
 * Every error becomes a JSON answer: 4xx with the code, a message and the field errors; 5xx with
 * a generic message only (the details go to the log, never to the client).
 */
export function errorHandler(options: { logger: Logger }) {
  return async function errorHandlerMiddleware(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = { error: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
        if (error.status >= 500) options.logger.error({ code: error.code, requestId: ctx.state['requestId'] }, error.message);
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
