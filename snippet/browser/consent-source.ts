import { initialConsent } from '../consent.js';
import { CONSENT_COOKIE } from '../protocol.js';
import type { CookieJar } from '../types.js';
import { followGcm, type DataLayerEntry } from './gcm-consent.js';
import { followTcf, type TcfApi } from './tcf-consent.js';
import { followWp, type WpConsentWindow } from './wp-consent.js';

/**
 * Where the shopper's consent comes from (`data-consent`): `auto`, whichever standard the page's
 * banner speaks, else as `none`; `none`, no banner: granted unless refused by a `consent(false)`
 * remembered or Global Privacy Control; `required`, nothing before `consent(true)`; `tcf`, `gcm`
 * and `wp`, the one standard named.
 */
export type ConsentMode = 'auto' | 'none' | 'required' | 'tcf' | 'gcm' | 'wp';

export interface ConsentWindow extends WpConsentWindow {
  __tcfapi?: TcfApi;
  dataLayer?: DataLayerEntry[];
}

/** How a source hands over its answer: `remembered` when it is the shopper's own choice. */
export type Decide = (granted: boolean, remembered?: 1) => void;

/**
 * Follows the mode's source of consent from now on (the snippet starts once the page has loaded,
 * its banner's scripts with it), handing each answer to `decide`. `auto` takes the first standard
 * the page speaks: TCF, the most precise by its purposes, then the WP Consent API, then Consent
 * Mode, which speaks once a `consent` command is in `dataLayer`. Under a standard nothing is
 * granted before the banner answers, a remembered `_sb_c` included: the banner keeps the
 * shopper's choice and restores it itself. A value the snippet does not know holds everything
 * until `consent(true)`, as `required` does.
 */
export function followConsent(
  win: ConsentWindow,
  mode: string,
  category: string,
  gpc: boolean | undefined,
  cookies: CookieJar,
  decide: Decide,
): void {
  const chose = (granted: boolean) => decide(granted, 1);
  const spoken =
    mode != 'auto'
      ? mode
      : win.__tcfapi
        ? 'tcf'
        : win.wp_has_consent
          ? 'wp'
          : win.dataLayer?.some((entry) => entry?.[0] == 'consent')
            ? 'gcm'
            : 'none';
  if (spoken == 'tcf') {
    if (win.__tcfapi) followTcf(win.__tcfapi, chose);
  } else if (spoken == 'wp') followWp(win, category, chose, cookies.get(CONSENT_COOKIE));
  else if (spoken == 'gcm') followGcm(win, chose);
  else {
    const state = initialConsent(cookies, spoken != 'none', gpc);
    if (state !== undefined) decide(state);
  }
}
