import type { Context } from 'koa';

/**
 * The address of the connection itself, whatever `X-Forwarded-For` says: how the operator's routes
 * judge a client (the wrong-key lockout). They are never behind the shipped proxy, so a forwarded
 * header there is anyone's to write, and believing it let a local process rotate it past the lockout.
 */
export function socketAddress(ctx: Context): string {
  return ctx.req.socket.remoteAddress ?? '';
}
