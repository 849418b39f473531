import { randomId } from './random-id';
import { CONSENT_COOKIE, ID_PATTERN, SESSION_COOKIE, USER_COOKIE } from './protocol';
import type { CookieJar, Ids, KeyValueStore } from './types';

/** 400 days: the longest cookie lifetime browsers allow. */
const USER_MAX_AGE = 34_560_000;
const IDLE_MS = 1_800_000;
const SESSION_MAX_MS = 86_400_000;
/** `id.start.last`: another tab of the shop may have moved the session on since this page read it. */
const SESSION_VALUE = /^([\w-]{8,64})\.(\d+)\.(\d+)$/;

/**
 * Keeps `user_id` (cookie, mirrored to storage so clearing the cookie alone does not reset the
 * visitor) and `session_id` (cookie `id.start.last`, epoch ms: a new one after 30 idle minutes or
 * 24 hours, judged on the page's clock, which browser cookie expiry does not follow).
 */
export function createIdentity(cookies: CookieJar, store: KeyValueStore) {
  let kept = '';
  let session: [string, number, number] | undefined;
  /** When this page last wrote `_sb_sid`. */
  let written = 0;

  function keep(value: string): void {
    kept = value;
    cookies.set(USER_COOKIE, value, USER_MAX_AGE);
    store.set(USER_COOKIE, value);
  }

  function user(): string {
    if (!kept) {
      const found = cookies.get(USER_COOKIE) || store.get(USER_COOKIE) || '';
      keep(ID_PATTERN.test(found) ? found : randomId());
    }
    return kept;
  }

  function readSession(): [string, number, number] | undefined {
    const parts = SESSION_VALUE.exec(cookies.get(SESSION_COOKIE) || '');
    return parts ? [parts[1]!, +parts[2]!, +parts[3]!] : session;
  }

  const expired = (t: number) => !session || t - session[2] > IDLE_MS || t - session[1] > SESSION_MAX_MS;

  function endSession(): void {
    session = undefined;
    cookies.set(SESSION_COOKIE, '', 0);
  }

  /**
   * The ids for an event captured `at` (epoch ms), which is activity that keeps the session alive;
   * without `at`, the ids as they are now, which is not (reading them is no visit, issue #17).
   */
  function ids(at?: number): Ids {
    const t = at || Date.now();
    // The cookie is read only when this page's copy ran out (another tab may have kept the session
    // going or begun the next), and written at most once a second: in Chromium a cookie read after a
    // write is a synchronous IPC of about a millisecond, too much for every click (issue #17).
    if (expired(t)) session = readSession();
    if (expired(t)) (session = [randomId(), t, t]), (written = 0);
    if (at! > session![2]) session![2] = t;
    if (t - written > 1000) cookies.set(SESSION_COOKIE, session!.join('.'), IDLE_MS / 1000), (written = t);
    return { user_id: user(), session_id: session![0] };
  }

  /** Remembers a consent choice (a refusal too, so it is not asked again); a refusal forgets the visitor. */
  function remember(granted: boolean): void {
    cookies.set(CONSENT_COOKIE, granted ? '1' : '0', USER_MAX_AGE);
    if (granted) return;
    cookies.set(USER_COOKIE, '', 0);
    store.set(USER_COOKIE, '');
    kept = '';
    endSession();
  }

  return { ids, remember };
}
