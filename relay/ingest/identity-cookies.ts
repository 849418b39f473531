import type { Context } from 'koa';
import { nanoid } from 'nanoid';
import { ID_PATTERN as ID, SESSION_COOKIE, USER_COOKIE } from '../../snippet/protocol.js';

const USER_MAX_AGE_S = 400 * 86_400;
const SESSION_MAX_AGE_S = 30 * 60;
/** The snippet writes `id.start.last` (epoch ms) so it can end sessions on its own clock. */
const SESSION_VALUE = /^([\w-]{8,64})(\.\d{1,15}\.\d{1,15})?$/;

export interface Identity {
  userId: string;
  sessionId: string;
  /** The `_sb_sid` value to send back: the browser's own when it had one, so its timestamps survive. */
  sessionCookie: string;
}

export interface CookieOptions {
  domain: string | undefined;
  secure: boolean;
}

/**
 * The visitor's ids: from the body when the snippet sent them, else from the cookies, else new.
 * Cookie values that are not ids (garbage, injection attempts) are ignored.
 */
export function resolveIdentity(ctx: Context, bodyUserId: unknown, bodySessionId: unknown): Identity {
  const cookieUser = ctx.cookies.get(USER_COOKIE);
  const cookieSession = SESSION_VALUE.exec(ctx.cookies.get(SESSION_COOKIE) ?? '');
  const userId = typeof bodyUserId === 'string' && ID.test(bodyUserId) ? bodyUserId : cookieUser && ID.test(cookieUser) ? cookieUser : nanoid();
  if (typeof bodySessionId === 'string' && ID.test(bodySessionId) && bodySessionId !== cookieSession?.[1]) {
    return { userId, sessionId: bodySessionId, sessionCookie: bodySessionId };
  }
  if (cookieSession) return { userId, sessionId: cookieSession[1] as string, sessionCookie: cookieSession[0] };
  const sessionId = nanoid();
  return { userId, sessionId, sessionCookie: sessionId };
}

function cookie(name: string, value: string, maxAge: number, options: CookieOptions): string {
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${options.domain ? `; Domain=${options.domain}` : ''}${options.secure ? '; Secure' : ''}`;
}

/**
 * Re-sets both cookies from the server: Safari caps cookies written by scripts at 7 days, but not
 * those a same-origin server sets. Not HttpOnly: the snippet reads them.
 */
export function writeIdentityCookies(ctx: Context, identity: Identity, options: CookieOptions): void {
  ctx.append('Set-Cookie', cookie(USER_COOKIE, identity.userId, USER_MAX_AGE_S, options));
  ctx.append('Set-Cookie', cookie(SESSION_COOKIE, identity.sessionCookie, SESSION_MAX_AGE_S, options));
}
