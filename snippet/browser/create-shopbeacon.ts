import { createIdentity } from '../identity.js';
import { createRetryQueue } from '../retry-queue.js';
import { createTracker } from '../tracker.js';
import { captureClicks } from './click-capture.js';
import { followConsent, type ConsentMode, type ConsentWindow } from './consent-source.js';
import { createCookieJar } from './cookie-jar.js';
import { createLocalStore } from './local-store.js';
import { createTransport } from './transport.js';

export interface ShopbeaconOptions {
  /** The relay's collect URL. */
  endpoint: string;
  /**
   * Cookie domain, e.g. `.shop.example` to share ids across subdomains.
   * @default the page's host
   */
  cookieDomain?: string | null;
  /**
   * Where the shopper's consent comes from: `auto`, the standard the page's banner speaks (IAB TCF,
   * Google Consent Mode, the WP Consent API), else `none`; `none`, no banner (granted unless
   * refused); `required`, nothing before `consent(true)`; or the one standard named, `tcf`, `gcm`
   * or `wp`. docs/snippet.md says which banners each follows.
   * @default 'auto'
   */
  consent?: ConsentMode;
  /**
   * Under `wp`: the WP Consent API's category the snippet needs.
   * @default 'marketing'
   */
  consentCategory?: string | null;
  /**
   * Treat Global Privacy Control as `consent(false)`.
   * @default true
   */
  respectGpc?: boolean;
  /**
   * Log to the console why a call or an event was ignored or refused.
   * @default false
   */
  debug?: boolean;
}

export type ShopbeaconCommand = (...args: unknown[]) => unknown;

/** After the page has loaded, the snippet starts in idle time: at most this long after. */
const START_WITHIN_MS = 500;

/**
 * Wires the tracker to this page's cookies, storage, network and clicks; returns the command
 * function. Evaluating the script makes the tracker and listens, touching no cookie and no
 * storage: the calls (queued ones included) and clicks wait in the tracker, as they wait for a
 * banner, in order. The cookies, storage and the banner's answer are read once the page has
 * loaded, its banner's scripts with it, in idle time, or sooner as the page hides or `ids` is
 * called. A call's return value is `undefined` until then, as it is for a queued call.
 */
export function createShopbeacon(options: ShopbeaconOptions, win: Window = window): ShopbeaconCommand {
  const doc = win.document;
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  // eslint-disable-next-line no-console
  const log = (message: string, detail?: unknown) => options.debug && console.warn('[shopbeacon]', message, detail);
  // Nothing may throw into the host page: every entry point goes through here.
  const guard =
    <A extends unknown[]>(run: (...args: A) => unknown) =>
    (...args: A): unknown => {
      try {
        return run(...args);
      } catch (error) {
        log('error', error);
      }
    };
  const cookies = createCookieJar(doc, options.cookieDomain, win.location.protocol === 'https:');
  const store = createLocalStore(win);
  const tracker = createTracker({
    transport: createTransport(options.endpoint, log, nav.webdriver),
    queue: createRetryQueue(store),
    identity: createIdentity(cookies, store),
    page: () => win.location.href,
    log,
  });
  let started: unknown;
  // Undecided until it starts, the tracker holds every call and click: a `consent` the page called
  // is its shopper's choice, which the state the page starts in never overrides.
  const start = () =>
    started ||
    ((started = 1),
    followConsent(
      win as unknown as ConsentWindow,
      options.consent || 'auto',
      options.consentCategory || 'marketing',
      options.respectGpc !== false && nav.globalPrivacyControl,
      cookies,
      tracker.decide,
    ));
  // A page hidden before it started decides with what it has: what was captured is sent or dropped.
  const beacon = guard(() => (start(), tracker.beacon()));
  // `unload`/`beforeunload` would keep the page out of the back/forward cache: never used.
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && beacon());
  win.addEventListener('pagehide', beacon);
  win.addEventListener('online', guard(tracker.flush));
  // `ids` answers at once: it starts now.
  const command = guard((name: unknown, a?: unknown, b?: unknown) => {
    if (name == 'ids') start();
    return tracker.command(name, a, b);
  });
  captureClicks(doc, guard(tracker.clicked), guard(tracker.linked));
  // `requestIdleCallback` where there is one; `setTimeout` reads the options as a 0 ms delay.
  const idle = () => (win.requestIdleCallback || setTimeout)(guard(start), { timeout: START_WITHIN_MS });
  if (doc.readyState == 'complete') idle();
  else win.addEventListener('load', idle);
  return command;
}
