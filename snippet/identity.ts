import { randomId } from './random-id';
import { CONSENT_COOKIE, ID_PATTERN as ID, SESSION_COOKIE, USER_COOKIE } from './protocol';
import type { CookieJar, Ids, KeyValueStore } from './types';

/** 400 days: the longest cookie lifetime browsers allow. */
const USER_MAX_AGE = 34_560_000;
const IDLE_MS = 1_800_000;
const SESSION_MAX_MS = 86_400_000;

/**
 * Keeps `user_id` (cookie, mirrored to storage so clearing the cookie alone does not reset the
 * visitor) and `session_id` (cookie `id.start.last`, epoch ms: a new one after 30 idle minutes
 * or 24 hours, judged on the page's clock, which browser cookie expiry does not follow).
 */
export function createIdentity(cookies: CookieJar, store: KeyValueStore) {
  let userId = '';
  let session: [string, number, number] | undefined;

  function user(): string {
    if (!userId) {
      const found = cookies.get(USER_COOKIE) || store.get(USER_COOKIE) || '';
      userId = ID.test(found) ? found : randomId();
      cookies.set(USER_COOKIE, userId, USER_MAX_AGE);
      store.set(USER_COOKIE, userId);
    }
    return userId;
  }

  function readSession(): [string, number, number] | undefined {
    const parts = (cookies.get(SESSION_COOKIE) || '').split('.');
    const [id = '', start, last] = parts;
    return ID.test(id) && parts.length === 3 ? [id, +start!, +last!] : session;
  }

  /** The ids for an event happening now; renews the session's activity. */
  function touch(): Ids {
    const t = Date.now();
    let current = readSession();
    if (!current || t - current[2] > IDLE_MS || t - current[1] > SESSION_MAX_MS) current = [randomId(), t, t];
    current[2] = t;
    session = current;
    cookies.set(SESSION_COOKIE, `${current[0]}.${current[1]}.${t}`, IDLE_MS / 1000);
    return { user_id: user(), session_id: current[0] };
  }

  /** Remembers a consent choice (a refusal too, so it is not asked again); a refusal forgets the visitor. */
  function remember(granted: boolean): void {
    cookies.set(CONSENT_COOKIE, granted ? '1' : '0', USER_MAX_AGE);
    if (granted) return;
    cookies.set(USER_COOKIE, '', 0);
    cookies.set(SESSION_COOKIE, '', 0);
    store.set(USER_COOKIE, '');
    userId = '';
    session = undefined;
  }

  return { touch, remember, user };
}
