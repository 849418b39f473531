import { CONSENT_COOKIE } from './protocol';
import type { CookieJar } from './types';

/** `y` granted, `n` refused (or Global Privacy Control), `p` waiting for the shop's consent banner. */
export type ConsentState = 'y' | 'n' | 'p';

/** The state at page load: a remembered choice wins, then Global Privacy Control, then whether consent is required. */
export function initialConsent(cookies: CookieJar, required: boolean | undefined, gpc: boolean): ConsentState {
  const remembered = cookies.get(CONSENT_COOKIE);
  return remembered === '1' ? 'y' : remembered === '0' || gpc ? 'n' : required ? 'p' : 'y';
}
