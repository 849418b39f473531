import { CONSENT_COOKIE } from './protocol.js';
import type { CookieJar } from './types.js';

/** `true` granted, `false` refused (or Global Privacy Control), `undefined` waiting for the shop's consent banner. */
export type ConsentState = boolean | undefined;

/** The state at page load: a remembered choice wins, then Global Privacy Control, then whether consent is required. */
export function initialConsent(
  cookies: CookieJar,
  required: boolean | undefined,
  gpc: boolean | undefined,
): ConsentState {
  const remembered = cookies.get(CONSENT_COOKIE);
  return remembered === '1' || (remembered !== '0' && !gpc && (required ? undefined : true));
}
