import type { Context, Next } from 'koa';
import { HttpError } from '../http/http-error.js';

/**
 * Why an origin is refused, naming the real cause: an origin that is the relay's own host seen
 * with another port or scheme is a proxy that did not pass them (found on a real shop on :8443,
 * whose nginx sent `$host`), not a missing entry in SHOPBEACON_ALLOWED_ORIGINS.
 */
function refusal(origin: string, own: string): string {
  const sent = URL.parse(origin);
  const seen = URL.parse(own);
  if (!sent || !seen || sent.hostname !== seen.hostname)
    return `origin ${origin} is not allowed: it is not this relay's own (${own}); list it in SHOPBEACON_ALLOWED_ORIGINS if it should post here`;
  if (sent.port !== seen.port)
    return `origin ${origin} is this shop, but the relay sees its own origin as ${own}: the proxy in front drops the port from Host (nginx: proxy_set_header Host $http_host, as deploy/nginx/shopbeacon.conf does)`;
  return `origin ${origin} is this shop, but the relay sees its own origin as ${own}: the proxy in front does not pass the scheme (X-Forwarded-Proto, read with SHOPBEACON_TRUST_PROXY=1)`;
}

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
    if (!allowed.has(origin))
      throw new HttpError(403, 'origin_not_allowed', refusal(origin, `${ctx.protocol}://${ctx.host}`));
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
