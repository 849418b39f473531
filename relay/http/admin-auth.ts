import type { Context, Next } from 'koa';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { HttpError } from './http-error.js';

/**
 * Guards the relay's private endpoints with `Authorization: Bearer <SHOPBEACON_ADMIN_KEY>`.
 * Without a configured key they do not exist (404); a missing or wrong key is 401.
 */
export function adminAuth(options: { adminKey: string | undefined }) {
  return async function adminAuthMiddleware(ctx: Context, next: Next): Promise<void> {
    if (!options.adminKey) throw new HttpError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
    const header = ctx.get('authorization');
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!constantTimeEqual(given, options.adminKey)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="shopbeacon"');
      throw new HttpError(401, 'unauthorized', 'a valid admin key is required (Authorization: Bearer <SHOPBEACON_ADMIN_KEY>)');
    }
    await next();
  };
}
