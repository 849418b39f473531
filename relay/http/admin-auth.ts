import type { Context, Next } from 'koa';
import { socketAddress } from './socket-address.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { HttpError } from './http-error.js';
import type { KeyFailures } from './key-failures.js';

export interface AdminAuthOptions {
  adminKey: string | undefined;
  /** A key this route also takes: `SHOPBEACON_INGEST_KEY` on `/v1/track`. */
  alsoKey?: string | undefined;
  /** The relay's count of wrong keys per client: a client over it has its wrong keys answered 429. */
  failures: KeyFailures;
}

/** Where the key a request came with is noted (`ctx.state`). */
const KEY_STATE = 'shopbeaconKey';

/** Whether a request `adminAuth` let through came with the admin key, not the route's other key. */
export function byAdminKey(ctx: Context): boolean {
  return (ctx.state as Record<string, unknown>)[KEY_STATE] === 'admin';
}

/**
 * Guards the relay's private endpoints with `Authorization: Bearer <SHOPBEACON_ADMIN_KEY>`.
 * Without a configured key they do not exist (404); a missing or wrong key is 401, and after ten
 * wrong keys in a minute from one client its wrong keys are 429 until the minute ends. The right
 * key is judged on its own: it passes whatever others sent from the same address.
 */
export function adminAuth(options: AdminAuthOptions) {
  return async function adminAuthMiddleware(ctx: Context, next: Next): Promise<void> {
    if (!options.adminKey && !options.alsoKey)
      throw new HttpError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
    const header = ctx.get('authorization');
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const admin = options.adminKey !== undefined && constantTimeEqual(given, options.adminKey);
    const accepted = admin || (options.alsoKey !== undefined && constantTimeEqual(given, options.alsoKey));
    if (!accepted) {
      if (header !== '') options.failures.wrongKey(socketAddress(ctx));
      ctx.set('WWW-Authenticate', 'Bearer realm="shopbeacon"');
      throw new HttpError(
        401,
        'unauthorized',
        `a valid key is required (Authorization: Bearer <SHOPBEACON_ADMIN_KEY${options.alsoKey ? ' or SHOPBEACON_INGEST_KEY' : ''}>)`,
      );
    }
    (ctx.state as Record<string, unknown>)[KEY_STATE] = admin ? 'admin' : 'also';
    await next();
  };
}
