import type { Context, Next } from 'koa';
import { socketAddress } from '../http/socket-address.js';
import { HttpError } from '../http/http-error.js';
import type { KeyFailures } from '../http/key-failures.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';

export interface DebugAuthOptions {
  adminKey: string | undefined;
  /** The relay's count of wrong keys per client (http/key-failures.ts). */
  failures: KeyFailures;
  /** Demo mode: the debugger is open (the relay listens on loopback and holds no real data). */
  open: boolean;
}

/** The key a request presents: `Bearer <key>` for scripts, Basic auth (any user, the key as password) for browsers. */
function presentedKey(header: string): string {
  if (header.startsWith('Bearer ')) return header.slice(7);
  if (!header.startsWith('Basic ')) return '';
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

/**
 * Guards `/_debug`. Basic auth because a browser asks for it by itself and then sends it with the
 * page's EventSource and fetch calls, which cannot carry an `Authorization: Bearer` header.
 */
export function debugAuth(options: DebugAuthOptions) {
  return async function debugAuthMiddleware(ctx: Context, next: Next): Promise<void> {
    if (options.open) return next();
    if (!options.adminKey) throw new HttpError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
    const header = ctx.get('authorization');
    if (!constantTimeEqual(presentedKey(header), options.adminKey)) {
      if (header !== '') options.failures.wrongKey(socketAddress(ctx));
      throw new HttpError(
        401,
        'unauthorized',
        'the debugger needs the admin key (user: any, password: SHOPBEACON_ADMIN_KEY)',
        undefined,
        {
          'WWW-Authenticate': 'Basic realm="shopbeacon debugger", charset="UTF-8"',
        },
      );
    }
    await next();
  };
}
