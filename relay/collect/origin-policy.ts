import type { Context, Next } from 'koa';
import { HttpError } from '../http/http-error.js';

/**
 * Browsers send `Origin` on cross-origin posts (and on same-origin POSTs too). The relay's own
 * origin is always allowed; others only when listed. Allowed cross-origin callers get CORS headers
 * and preflight answers; anything else gets 403 before the body is read.
 */
export function originPolicy(options: { allowedOrigins: readonly string[] }) {
  const allowed = new Set(options.allowedOrigins);
  return async function originPolicyMiddleware(ctx: Context, next: Next): Promise<void> {
    const origin = ctx.get('origin');
    // The relay's own origin from protocol and host (trusting X-Forwarded-* only with trust proxy).
    // Not `ctx.origin`: under Koa 3 it yielded the request's Origin header itself.
    if (!origin || origin === `${ctx.protocol}://${ctx.host}`) return next();
    if (!allowed.has(origin)) throw new HttpError(403, 'origin_not_allowed', `origin ${origin} is not allowed (SHOPBEACON_ALLOWED_ORIGINS)`);
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.vary('Origin');
    if (ctx.method !== 'OPTIONS') return next();
    ctx.set('Access-Control-Allow-Methods', 'POST');
    ctx.set('Access-Control-Allow-Headers', 'content-type');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
  };
}
