import { initialConsent } from '../consent.js';
import { createIdentity } from '../identity.js';
import { createRetryQueue } from '../retry-queue.js';
import { createTracker } from '../tracker.js';
import { captureClicks } from './click-capture.js';
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
   * Hold every event, and set no cookie, until `consent(true)`.
   * @default false
   */
  consentRequired?: boolean;
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

/** Wires the tracker to this page's cookies, storage, network and clicks; returns the command function. */
export function createShopbeacon(options: ShopbeaconOptions, win: Window = window): ShopbeaconCommand {
  const doc = win.document;
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  // eslint-disable-next-line no-console
  const log = (message: string, detail?: unknown) => options.debug && console.warn('[shopbeacon]', message, detail);
  const cookies = createCookieJar(doc, options.cookieDomain, win.location.protocol === 'https:');
  const store = createLocalStore(win);
  const tracker = createTracker({
    transport: createTransport(options.endpoint, log, nav.webdriver),
    queue: createRetryQueue(store),
    identity: createIdentity(cookies, store),
    consent: initialConsent(cookies, options.consentRequired, options.respectGpc !== false && nav.globalPrivacyControl),
    page: () => win.location.href,
    log,
  });
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
  // `unload`/`beforeunload` would keep the page out of the back/forward cache: never used.
  doc.addEventListener(
    'visibilitychange',
    guard(() => doc.visibilityState === 'hidden' && tracker.beacon()),
  );
  win.addEventListener('pagehide', guard(tracker.beacon));
  win.addEventListener('online', guard(tracker.flush));
  const command = guard(tracker.command);
  captureClicks(doc, guard(tracker.clicked), guard(tracker.linked));
  guard(tracker.start)();
  return command;
}
