import type { CookieJar } from '../types.js';
import { attempt } from '../attempt.js';

/**
 * First-party cookies through `document.cookie`, which throws in sandboxed frames. When cookies
 * are blocked, identity keeps its ids in memory for the page's lifetime. Values are written as
 * they are: every one (ids, `~` and a customer id, `id.start.last`, `0`/`1`) is made of RFC 6265
 * cookie-octets, so the relay and the shop's backend read them without decoding.
 */
export function createCookieJar(doc: Document, domain: string | null | undefined, secure: boolean): CookieJar {
  return {
    get(name) {
      return attempt(() => new RegExp(`(^|; )${name}=([^;]*)`).exec(doc.cookie))?.[2];
    },
    set(name, value, maxAge) {
      attempt(
        () =>
          (doc.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ''}${secure ? '; Secure' : ''}`),
      );
    },
  };
}
