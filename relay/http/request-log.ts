import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { RequestEvents } from './request-events.js';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * A request id (the caller's `X-Request-Id` when it looks like one, else a new UUID), echoed in the
 * answer, one log line per request at debug level (method, route, status, ms; never headers or
 * bodies), and each answered request announced (`RequestDone`: the metrics listen).
 */
export function requestLog(options: { logger: Logger; events: RequestEvents }) {
  return async function requestLogMiddleware(ctx: Context, next: Next): Promise<void> {
    const given = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state['requestId'] = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = String(ctx['_matchedRoute'] ?? 'unmatched');
      const seconds = (performance.now() - started) / 1000;
      options.events.emit({ route, status: ctx.status, seconds });
      options.logger.debug(
        { requestId, method: ctx.method, route, status: ctx.status, ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  };
}
