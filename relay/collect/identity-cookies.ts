import type { Context } from 'koa';
import { nanoid } from 'nanoid';
import {
  CUSTOMER_ID_PATTERN,
  ID_PATTERN as ID,
  SESSION_COOKIE,
  USER_COOKIE,
  USER_COOKIE_PATTERN,
} from '../../snippet/protocol.js';

const USER_MAX_AGE_S = 400 * 86_400;
/** Every answer re-sets `_sb_sid` for 30 minutes: the browser drops it after 30 idle minutes. */
const SESSION_MAX_AGE_S = 30 * 60;
/** A session ends 24 hours after it began, however active (the service's session rule). */
const SESSION_MAX_MS = 86_400_000;
/**
 * `id.start`: the session `id` began at `start` (epoch ms, the relay's clock, first seen). The
 * relay's alone, so HttpOnly; apart from `_sb_sid` so the snippet reads and writes its session id
 * as the cookie holds it. A start names its session: one the snippet began since
 * (after 30 idle minutes, or a switch of account) does not inherit it.
 */
const SESSION_START_COOKIE = '_sb_sst';
/** The id, or `id.start.last` (epoch ms) as snippets wrote it before sessions moved to the relay. */
const SESSION_VALUE = /^([\w-]{8,64})(?:\.(\d{1,15})\.\d{1,15})?$/;
const START_VALUE = /^([\w-]{8,64})\.(\d{1,15})$/;

export interface Identity {
  /** The id for events that came without a `user_id`. */
  userId: string;
  /** The session of events that came without a `session_id`. */
  sessionId: string;
  /** The `_sb_uid` value to send back: an anonymous id, or `~` and the customer id. */
  userCookie: string;
  /** When the session began (epoch ms), for `_sb_sst`. */
  sessionStart: number;
  /** The session `_sb_sid` held when it had run 24 hours: events the snippet stamped with it move to the new one. */
  endedSessionId?: string;
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

/** A session id as the browser kept it: `id.start.last` (older snippets) is `id`; anything else as it is. */
export function sessionIdOf(value: string): string {
  return SESSION_VALUE.exec(value)?.[1] ?? value;
}

interface Session {
  id: string;
  start: number;
  ended?: string;
}

/** When session `id` began: `_sb_sst` if it names that session, else a snippet's `id.start.last`, else now. */
function startOf(cookies: ReadonlyMap<string, string>, session: RegExpExecArray, now: number): number {
  const recorded = START_VALUE.exec(cookies.get(SESSION_START_COOKIE) ?? '');
  return Number(recorded?.[1] === session[1] ? recorded?.[2] : (session[2] ?? now));
}

/** The session `_sb_sid` holds, unless it began 24 hours ago; else the batch's, else a new one. */
function resolveSession(cookies: ReadonlyMap<string, string>, bodySessionId: unknown, now: number): Session {
  const session = SESSION_VALUE.exec(cookies.get(SESSION_COOKIE) ?? '');
  const start = session ? startOf(cookies, session, now) : now;
  if (session && now - start < SESSION_MAX_MS) return { id: session[1] as string, start };
  if (session) return { id: nanoid(), start: now, ended: session[1] as string };
  if (typeof bodySessionId === 'string' && ID.test(bodySessionId)) return { id: bodySessionId, start: now };
  return { id: nanoid(), start: now };
}

/**
 * The visitor's ids for this answer's cookies. The cookies win: the snippet writes `_sb_uid`
 * before it sends, so it holds the visitor as they are now, while a batch may replay events
 * captured before an `identify` or a `reset` (an identified visitor is never set back to
 * an older anonymous id, and a logout is never undone). Sessions are the relay's: the
 * snippet deletes `_sb_sid` where a new one must begin (a switch of account, a logout), the browser
 * drops it after 30 idle minutes, and this ends it 24 hours after it began. The newest event's ids
 * serve where the browser sent no usable cookie (`cookies`: the request's own, as
 * `shopper-cookies.ts` reads them); new ids where there is neither. Cookie values that are not ids
 * (garbage, injection attempts) are ignored.
 */
export function resolveIdentity(
  cookies: ReadonlyMap<string, string>,
  bodyUserId: unknown,
  bodySessionId: unknown,
  now = Date.now(),
): Identity {
  const userCookie = validCookie(cookies.get(USER_COOKIE), USER_COOKIE_PATTERN) ?? keptUser(bodyUserId) ?? nanoid();
  const session = resolveSession(cookies, bodySessionId, now);
  return {
    userId: userCookie.replace(/^~/, ''),
    userCookie,
    sessionId: session.id,
    sessionStart: session.start,
    endedSessionId: session.ended,
  };
}

/** A `Set-Cookie` value; without `maxAge`, a cookie for as long as the browser runs. */
function cookie(
  name: string,
  value: string,
  maxAge: number | undefined,
  options: CookieOptions,
  httpOnly = false,
): string {
  return `${name}=${value}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}; Path=/; SameSite=Lax${options.domain ? `; Domain=${options.domain}` : ''}${options.secure ? '; Secure' : ''}${httpOnly ? '; HttpOnly' : ''}`;
}

/** Set on a browser judged automated; the plugin and the module send no server-side event while it is there. */
const BOT_COOKIE = '_sb_bot';

/**
 * Marks a browser the relay judged automated for the shop's server: its cart and checkout events
 * come from the WooCommerce plugin or the PrestaShop module, which read the snippet's ids and would
 * otherwise send them for it. For as long as the browser runs (no Max-Age): a verdict
 * is about this browser's run, and the bot filter judges every batch again anyway.
 */
export function writeBotCookie(ctx: Context, options: CookieOptions): void {
  ctx.append('Set-Cookie', cookie(BOT_COOKIE, '1', undefined, options, true));
}

/**
 * Re-sets the cookies from the server: Safari caps cookies written by scripts at 7 days, but not
 * those a same-origin server sets. `_sb_uid` and `_sb_sid` are not HttpOnly: the snippet reads
 * them. Values go out as they are: both patterns admit only RFC 6265 cookie-octets. One
 * `Set-Cookie` header of all of them: each append would check every value set before it again.
 */
export function writeIdentityCookies(ctx: Context, identity: Identity, options: CookieOptions): void {
  ctx.append('Set-Cookie', [
    cookie(USER_COOKIE, identity.userCookie, USER_MAX_AGE_S, options),
    cookie(SESSION_COOKIE, identity.sessionId, SESSION_MAX_AGE_S, options),
    cookie(SESSION_START_COOKIE, `${identity.sessionId}.${identity.sessionStart}`, SESSION_MAX_AGE_S, options, true),
  ]);
}
