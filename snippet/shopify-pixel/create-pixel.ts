import { createIdentity } from '../identity.js';
import { CONSENT_COOKIE, SESSION_COOKIE, USER_COOKIE } from '../protocol.js';
import { QUEUE_KEY, createRetryQueue } from '../retry-queue.js';
import { createTracker } from '../tracker.js';
import { createTransport } from '../browser/transport.js';
import { loadBrowserCookieJar } from './browser-cookie-jar.js';
import { loadBrowserStore } from './browser-store.js';
import type { PixelGlobals, StandardEvent } from './shopify-api.js';
import { allowsAll, type PrivacyFlag } from './privacy-flags.js';
import { SUBSCRIBED_EVENTS, commandOf, type PixelCommand } from './standard-events.js';
import { LISTING_EVENTS, PAGE_SIZES_KEY, createListingCommands } from './listing-commands.js';

type Tracker = ReturnType<typeof createTracker>;
/** The tracker, and what maps a listing's events to its commands (it keeps page sizes in the same storage). */
interface Pixel {
  tracker: Tracker;
  listing: ReturnType<typeof createListingCommands>;
}

/**
 * Consent as Shopify states it for the merchant's chosen flags: allowed, or waiting (events held, up
 * to the tracker's bound, until `visitorConsentCollected`). Shopify withholds a pixel that requires
 * consent until it is given; one set to "not required" still honours the visitor's choice here. A
 * store without privacy settings gives no `customerPrivacy`: nothing to wait for.
 */
const initialConsent = ({ init }: PixelGlobals, flags: PrivacyFlag[]) =>
  !init.customerPrivacy || allowsAll(init.customerPrivacy, flags) || undefined;

/** The tracker on the top frame's cookies and storage, read before the first event is handled. */
async function loadPixel(
  globals: PixelGlobals,
  endpoint: string,
  flags: PrivacyFlag[],
  win: Window,
  page: () => string,
): Promise<Pixel> {
  const secure = globals.init.context?.document?.location?.protocol === 'https:';
  const [cookies, store] = await Promise.all([
    loadBrowserCookieJar(globals.browser, [USER_COOKIE, SESSION_COOKIE, CONSENT_COOKIE], secure),
    loadBrowserStore(globals.browser, [QUEUE_KEY, USER_COOKIE, PAGE_SIZES_KEY]),
  ]);
  const log = () => 0;
  const tracker = createTracker({
    transport: createTransport(endpoint, log, win.navigator.webdriver),
    queue: createRetryQueue(store),
    identity: createIdentity(cookies, store),
    page,
    log,
  });
  const customerId = globals.init.data?.customer?.id;
  if (customerId != null) tracker.command('identify', customerId);
  const allowed = initialConsent(globals, flags);
  if (allowed) tracker.decide(allowed);
  return { tracker, listing: createListingCommands(store) };
}

/**
 * Subscribes to Shopify's standard events at once (none is missed while the cookies load) and sends
 * what they map to through the snippet's own tracker: the same ids, batching, retries and body.
 * `flags` are the visitor's permissions the merchant chose; a `visitorConsentCollected` that
 * allows them all grants at once, one that withdraws any refuses at once (the ids forgotten).
 */
export function startPixel(globals: PixelGlobals, relay: string, win: Window, flags: PrivacyFlag[]): void {
  let page = '';
  const ready = loadPixel(globals, `${relay.replace(/\/+$/, '')}/collect`, flags, win, () => page);
  const run = (use: (pixel: Pixel) => unknown) => void ready.then(use).catch(() => 0);
  const send = (tracker: Tracker, command: PixelCommand) =>
    tracker.command(...(command as Parameters<Tracker['command']>));
  const handle = (event: StandardEvent) => {
    page = event.context?.document?.location?.href || page;
    const command = commandOf(event);
    if (command) run(({ tracker }) => send(tracker, command));
  };
  const handleListing = (event: StandardEvent) => {
    page = event.context?.document?.location?.href || page;
    run(({ tracker, listing }) => listing(event).forEach((command) => send(tracker, command)));
  };
  for (const name of SUBSCRIBED_EVENTS) globals.analytics.subscribe(name, handle);
  for (const name of LISTING_EVENTS) globals.analytics.subscribe(name, handleListing);
  globals.customerPrivacy?.subscribe('visitorConsentCollected', (event) =>
    run(({ tracker }) =>
      tracker.command('consent', !!event.customerPrivacy && allowsAll(event.customerPrivacy, flags)),
    ),
  );
  // The iframe goes with its page: what is still queued leaves as a beacon, and stays stored until confirmed.
  const hide = () => run(({ tracker }) => tracker.beacon());
  win.addEventListener('pagehide', hide);
  win.document.addEventListener('visibilitychange', () => win.document.visibilityState === 'hidden' && hide());
}
