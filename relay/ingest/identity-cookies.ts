import type { Context } from 'koa';
import { nanoid } from 'nanoid';
import { CUSTOMER_ID_PATTERN, ID_PATTERN as ID, SESSION_COOKIE, USER_COOKIE, USER_COOKIE_PATTERN } from '../../snippet/protocol.js';

const USER_MAX_AGE_S = 400 * 86_400;
const SESSION_MAX_AGE_S = 30 * 60;
/** The snippet writes `id.start.last` (epoch ms) so it can end sessions on its own clock. */
const SESSION_VALUE = /^([\w-]{8,64})(\.\d{1,15}\.\d{1,15})?$/;

export interface Identity {
  /** The id for events that came without a `user_id`. */
  userId: string;
  sessionId: string;
  /** The `_sb_uid` value to send back: an anonymous id, or `~` and the customer id. */
  userCookie: string;
  /** The `_sb_sid` value to send back: the browser's own when it had one, so its timestamps survive. */
  sessionCookie: string;
}

export interface CookieOptions {
  domain: string | undefined;
  secure: boolean;
}

/** `_sb_uid` for a `user_id` the snippet sent: a customer id is marked identified. */
function keptUser(userId: unknown): string | undefined {
  if (typeof userId !== 'string') return undefined;
  return ID.test(userId) ? userId : CUSTOMER_ID_PATTERN.test(userId) ? `~${userId}` : undefined;
}

function validCookie(value: string | undefined, pattern: RegExp): string | undefined {
  return value !== undefined && pattern.test(value) ? value : undefined;
}

/**
 * The visitor's ids for this answer's cookies. The cookies win: the snippet writes them before it
 * sends, so they hold the visitor as they are now, while a batch may replay events captured before
 * an `identify` or a `reset` (issue #17: an identified visitor is never set back to an older
 * anonymous id, and a logout is never undone). The newest event's ids serve where the browser
 * sent no usable cookie (cookies blocked for scripts); new ids where there is neither. Cookie
 * values that are not ids (garbage, injection attempts) are ignored.
 */
export function resolveIdentity(ctx: Context, bodyUserId: unknown, bodySessionId: unknown): Identity {
  const userCookie = validCookie(ctx.cookies.get(USER_COOKIE), USER_COOKIE_PATTERN) ?? keptUser(bodyUserId) ?? nanoid();
  const userId = userCookie.replace(/^~/, '');
  const session = SESSION_VALUE.exec(ctx.cookies.get(SESSION_COOKIE) ?? '');
  if (session) return { userId, userCookie, sessionId: session[1] as string, sessionCookie: session[0] };
  const sessionId = typeof bodySessionId === 'string' && ID.test(bodySessionId) ? bodySessionId : nanoid();
  return { userId, userCookie, sessionId, sessionCookie: sessionId };
}

function cookie(name: string, value: string, maxAge: number, options: CookieOptions): string {
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${options.domain ? `; Domain=${options.domain}` : ''}${options.secure ? '; Secure' : ''}`;
}

/**
 * Re-sets both cookies from the server: Safari caps cookies written by scripts at 7 days, but not
 * those a same-origin server sets. Not HttpOnly: the snippet reads them. Values go out as they
 * are: both patterns admit only RFC 6265 cookie-octets.
 */
export function writeIdentityCookies(ctx: Context, identity: Identity, options: CookieOptions): void {
  ctx.append('Set-Cookie', cookie(USER_COOKIE, identity.userCookie, USER_MAX_AGE_S, options));
  ctx.append('Set-Cookie', cookie(SESSION_COOKIE, identity.sessionCookie, SESSION_MAX_AGE_S, options));
}
