import type { CookieJar } from '../types';
import { attempt } from '../attempt';

/**
 * First-party cookies through `document.cookie`, which throws in sandboxed frames. When cookies
 * are blocked, identity keeps its ids in memory for the page's lifetime.
 */
export function createCookieJar(doc: Document, domain: string | null | undefined, secure: boolean): CookieJar {
  return {
    get(name) {
      const match = attempt(() => new RegExp(`(?:^|; )${name}=([^;]*)`).exec(doc.cookie));
      return match ? decodeURIComponent(match[1]!) : undefined;
    },
    set(name, value, maxAge) {
      attempt(() => (doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ''}${secure ? '; Secure' : ''}`));
    },
  };
}
