import { randomId } from './random-id.js';
import { CONSENT_COOKIE, CUSTOMER_ID_PATTERN, SESSION_COOKIE, USER_COOKIE } from './protocol.js';
import type { CookieJar, Ids, KeyValueStore } from './types.js';

/** 400 days: the longest cookie lifetime browsers allow. */
const USER_MAX_AGE = 34_560_000;

/**
 * `identify`'s argument as `_sb_uid` holds it: `~` and the id, from a string (trimmed) or a safe
 * integer of 1 to 128 characters a cookie can hold as they are; `undefined` for anything else.
 */
export function identifiedUser(id: unknown): string | undefined {
  const customerId = Number.isSafeInteger(id) ? String(id) : typeof id == 'string' ? id.trim() : '';
  return CUSTOMER_ID_PATTERN.test(customerId) ? `~${customerId}` : undefined;
}

/**
 * Keeps `user_id`: `_sb_uid`, mirrored to storage so clearing the cookie alone does not reset the
 * visitor; `~` and the shop's customer id once identified. And `session_id`: `_sb_sid`, a cookie of
 * 30 minutes renewed with every batch here and every answer at the relay, so it ends after 30 idle
 * minutes by the browser's own expiry. The relay ends it 24 hours after it began (the
 * session's clock arithmetic left the bundle, ~100 B).
 */
export function createIdentity(cookies: CookieJar, store: KeyValueStore) {
  /** `_sb_uid` as kept: an anonymous id, or `~` and a customer id. */
  let kept = '';

  /** Keeps `value` as `_sb_uid`; `''` forgets the visitor. */
  function keep(value: string): void {
    kept = value;
    cookies.set(USER_COOKIE, value, value ? USER_MAX_AGE : 0);
    store.set(USER_COOKIE, value);
  }

  function user(): string {
    if (!kept) {
      const found = cookies.get(USER_COOKIE) || store.get(USER_COOKIE) || '';
      keep(CUSTOMER_ID_PATTERN.test(found.replace(/^~/, '')) ? found : randomId());
    }
    return kept.replace(/^~/, '');
  }

  const endSession = () => cookies.set(SESSION_COOKIE, '', 0);

  /**
   * The ids as they are now; reading them is no activity. With `renew`, for the events
   * of a batch, which are: `_sb_sid` is renewed for 30 minutes, and begun when the browser has none
   * (it dropped it after 30 idle minutes, or a switch of account ended it).
   */
  function ids(renew?: boolean): Ids {
    const userId = user();
    let session = cookies.get(SESSION_COOKIE);
    // `_sb_uid` too: the answer to a request sent before an identify or a reset re-sets it as it was.
    if (renew) (keep(kept), cookies.set(SESSION_COOKIE, (session ||= randomId()), 1800));
    return { user_id: userId, session_id: session };
  }

  /**
   * Another `_sb_uid`: `~` and a customer id on login, a new anonymous id on logout. Logging in
   * keeps the session; logging in as the same customer changes nothing; a switch of account, or
   * a logout, starts a new session.
   */
  function become(next: string): void {
    user();
    if (kept != next && (kept[0] == '~' || next[0] != '~')) endSession();
    keep(next);
  }

  /** Remembers a consent choice (a refusal too, so it is not asked again); a refusal forgets the visitor. */
  function remember(granted: boolean): void {
    cookies.set(CONSENT_COOKIE, granted ? '1' : '0', USER_MAX_AGE);
    if (granted) return;
    keep('');
    endSession();
  }

  return { ids, become, remember };
}
