import { ID_PATTERN, SESSION_COOKIE, USER_COOKIE, USER_COOKIE_PATTERN } from '../../snippet/protocol.js';

/** The ids the browser's events carry, for a server-side event about the same visitor: spread them into it. */
export interface VisitorIds {
  /** The anonymous id, or the customer id once the page called `shopbeacon('identify', id)`. */
  user_id: string;
  /** The current session, when the visitor has one (sessions end after 30 idle minutes). */
  session_id?: string;
}

function cookieValues(header: string, name: string): string[] {
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name)
      values.push(
        pair
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return values;
}

/**
 * Reads the visitor's ids from a request's `Cookie` header (any framework: pass the header
 * string). `undefined` when the visitor has no shopbeacon id yet, or refused consent. Values that
 * are not ids are ignored, the first valid one wins, as a browser lists the most specific first.
 */
export function readVisitorIds(cookieHeader: string | null | undefined): VisitorIds | undefined {
  if (!cookieHeader) return undefined;
  const user = cookieValues(cookieHeader, USER_COOKIE).find((value) => USER_COOKIE_PATTERN.test(value));
  if (!user) return undefined;
  const session = cookieValues(cookieHeader, SESSION_COOKIE)
    .map((value) => value.split('.')[0] as string)
    .find((id) => ID_PATTERN.test(id));
  return { user_id: user.replace(/^~/, ''), ...(session ? { session_id: session } : {}) };
}
