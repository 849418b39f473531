import type { Context, Next } from 'koa';

/** `nosniff` on every answer (the JSON and the script must not be reinterpreted); no framing of JSON. */
export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  await next();
}
