import { createIdentity } from '../identity.js';
import { createLastClicks } from '../last-clicks.js';
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

type Tracker = ReturnType<typeof createTracker>;

/**
 * Wires the tracker to this page's cookies, storage, network and clicks; returns the command
 * function. Evaluating the script only listens, and keeps the calls (queued ones included) and
 * clicks in order: the tracker is made, the options read, the calls and clicks captured, and the
 * cookies, storage and the banner's answer read once the page has loaded, its banner's scripts
 * with it, in idle time, or sooner as the page hides or `ids` is called. A call's return value is
 * `undefined` until then, as it is for a queued call.
 */
export function createShopbeacon(options: ShopbeaconOptions, win: Window = window): ShopbeaconCommand {
  const doc = win.document;
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
  /** Calls and clicks before the start, in order: they run as it starts. */
  const early: ((tracker: Tracker) => unknown)[] = [];
  let tracker: Tracker | undefined;
  const start = (): Tracker => {
    if (tracker) return tracker;
    const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
    const cookies = createCookieJar(doc, options.cookieDomain, win.location.protocol === 'https:');
    const store = createLocalStore(win);
    const started = (tracker = createTracker({
      transport: createTransport(options.endpoint, log, nav.webdriver),
      queue: createRetryQueue(store),
      identity: createIdentity(cookies, store),
      lastClicks: createLastClicks(store),
      page: () => win.location.href,
      log,
    }));
    // The calls first: a `consent` the page called is its shopper's choice, which the state the page
    // starts in never overrides.
    early.splice(0).forEach((run) => run(started));
    followConsent(
      win as unknown as ConsentWindow,
      options.consent || 'auto',
      options.consentCategory || 'marketing',
      options.respectGpc !== false && nav.globalPrivacyControl,
      cookies,
      started.decide,
    );
    return started;
  };
  const later = (run: (tracker: Tracker) => unknown) => (tracker ? run(tracker) : early.push(run));
  // A page hidden before it started decides with what it has: what was captured is sent or dropped.
  const beacon = guard(() => start().beacon());
  // `unload`/`beforeunload` would keep the page out of the back/forward cache: never used.
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && beacon());
  win.addEventListener('pagehide', beacon);
  win.addEventListener(
    'online',
    guard(() => tracker?.flush()),
  );
  // `ids` answers at once: it starts now.
  const command = guard((name: unknown, a?: unknown, b?: unknown) =>
    name == 'ids' ? start().command(name, a) : later((t) => t.command(name, a, b)),
  );
  captureClicks(
    doc,
    guard((attributes) => later((t) => t.clicked(attributes))),
    guard((...link) => later((t) => t.linked(...link))),
  );
  // `requestIdleCallback` where there is one; `setTimeout` reads the options as a 0 ms delay.
  const idle = () => (win.requestIdleCallback || setTimeout)(guard(start), { timeout: START_WITHIN_MS });
  if (doc.readyState == 'complete') idle();
  else win.addEventListener('load', idle);
  return command;
}
