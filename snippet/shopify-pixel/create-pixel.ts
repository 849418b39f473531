import { createIdentity } from '../identity.js';
import { CONSENT_COOKIE, ID_PATTERN, SESSION_COOKIE, USER_COOKIE } from '../protocol.js';
import { QUEUE_KEY, createRetryQueue } from '../retry-queue.js';
import { createTracker } from '../tracker.js';
import { createTransport } from '../browser/transport.js';
import type { KeyValueStore } from '../types.js';
import { loadBrowserCookieJar } from './browser-cookie-jar.js';
import { loadBrowserStore } from './browser-store.js';
import type { PixelGlobals, StandardEvent } from './shopify-api.js';
import { allowsAll, type PrivacyFlag } from './privacy-flags.js';
import { SUBSCRIBED_EVENTS, commandOf, eventKeyOf, numericId, type PixelCommand } from './standard-events.js';
import { LISTING_EVENTS, PAGE_SIZES_KEY, createListingCommands } from './listing-commands.js';
import { originOf, originQueue, withOrigin } from './event-origin.js';
import { ATTRIBUTION_KEY, createListAttribution } from './list-attribution.js';
import { CLICKS_KEY } from '../last-clicks.js';
import { HELD_KEY, createHeldPurchases } from './held-purchases.js';

type Tracker = ReturnType<typeof createTracker>;
/** The tracker, and what maps a listing's events to its commands (it keeps page sizes in the same storage). */
interface Pixel {
  tracker: Tracker;
  listing: ReturnType<typeof createListingCommands>;
  attribute: ReturnType<typeof createListAttribution>;
  held: ReturnType<typeof createHeldPurchases>;
}

/**
 * Consent as Shopify states it for the merchant's chosen flags: allowed, or waiting (events held, up
 * to the tracker's bound, until `visitorConsentCollected`). Shopify withholds a pixel that requires
 * consent until it is given; one set to "not required" still honours the visitor's choice here. A
 * store without privacy settings gives no `customerPrivacy`: nothing to wait for.
 */
const initialConsent = ({ init }: PixelGlobals, flags: PrivacyFlag[]) =>
  !init.customerPrivacy || allowsAll(init.customerPrivacy, flags) || undefined;

/**
 * The visitor's stored copy of `_sb_uid`, else Shopify's own `clientId` as the anonymous id: Safari
 * (WebKit's ITP) caps the cookie the pixel writes by script at 7 days and deletes the top frame's
 * `localStorage` after 7 days of use without a visit, so a shopper back after a week has neither;
 * Shopify's client id is Shopify's to keep on the shop's own domain, and brings the same visitor back
 * for as long as Shopify does.
 */
function storeWithClientId(store: KeyValueStore, clientId: string | undefined): KeyValueStore {
  const fallback = clientId && ID_PATTERN.test(clientId) ? clientId : undefined;
  return { ...store, get: (key) => store.get(key) || (key === USER_COOKIE ? fallback : undefined) };
}

/**
 * The tracker on the top frame's cookies and storage, read before the first event is handled, with
 * the first event's `clientId` (the visitor's id when the browser kept none).
 */
async function loadPixel(
  globals: PixelGlobals,
  endpoint: string,
  flags: PrivacyFlag[],
  win: Window,
  page: () => string,
  clientId: Promise<string | undefined>,
): Promise<Pixel> {
  const secure = globals.init.context?.document?.location?.protocol === 'https:';
  const [cookies, store, client] = await Promise.all([
    loadBrowserCookieJar(globals.browser, [USER_COOKIE, SESSION_COOKIE, CONSENT_COOKIE], secure),
    loadBrowserStore(globals.browser, [QUEUE_KEY, USER_COOKIE, PAGE_SIZES_KEY, ATTRIBUTION_KEY, CLICKS_KEY, HELD_KEY]),
    clientId,
  ]);
  const log = () => 0;
  const tracker = createTracker({
    transport: createTransport(endpoint, log, win.navigator.webdriver),
    queue: originQueue(createRetryQueue(store)),
    identity: createIdentity(cookies, storeWithClientId(store, client)),
    page,
    log,
  });
  const customerId = globals.init.data?.customer?.id;
  if (customerId != null) tracker.command('identify', customerId);
  const allowed = initialConsent(globals, flags);
  if (allowed) tracker.decide(allowed);
  return {
    tracker,
    listing: createListingCommands(store),
    attribute: createListAttribution(store),
    held: createHeldPurchases(store),
  };
}

const send = (tracker: Tracker, command: PixelCommand) =>
  tracker.command(...(command as Parameters<Tracker['command']>));

/** The session the visitor consented to, whose clicks count; none before consent (nothing is stored then). */
const sessionOf = (tracker: Tracker) => (tracker.command('ids') as { session_id?: string } | undefined)?.session_id;

/**
 * A purchase as it can be sent: one naming no order is held by its checkout token until a later
 * `checkout_completed` names it (never sent to be refused), then sent at the time it was made.
 */
function purchaseToSend(pixel: Pixel, command: PixelCommand, event: StandardEvent): PixelCommand | undefined {
  const fields = command[1] as Record<string, unknown>;
  const token = event.data?.checkout?.token;
  if (fields['order_id'] !== undefined) {
    const origin = token ? pixel.held.release(token) : undefined;
    return origin ? ['purchase', withOrigin(fields, origin)] : command;
  }
  if (token && sessionOf(pixel.tracker)) pixel.held.hold(token, fields);
  return undefined;
}

/** The fields of a command, which carry its origin. */
const fieldsOf = (command: PixelCommand) => command[command.length - 1] as Record<string, unknown>;

/**
 * Sends a standard event's command at the event's own time, keyed as the relay drops its repeats,
 * with its listing, then joins the order's customer.
 */
function sendStandard(pixel: Pixel, command: PixelCommand, event: StandardEvent): void {
  withOrigin(fieldsOf(command), originOf(eventKeyOf(event), event.timestamp));
  const ready = command[0] === 'purchase' ? purchaseToSend(pixel, command, event) : command;
  if (!ready) return;
  const sid = sessionOf(pixel.tracker);
  send(pixel.tracker, sid ? pixel.attribute(ready, sid) : ready);
  // The order's customer (a guest's too: Shopify finds them again by email) is this visitor from now on.
  const customer = numericId(event.data?.checkout?.order?.customer?.id);
  if (ready[0] === 'purchase' && customer !== undefined) send(pixel.tracker, ['identify', customer]);
}

/**
 * Subscribes to Shopify's standard events at once (none is missed while the cookies load) and sends
 * what they map to through the snippet's own tracker: the same ids, batching, retries and body.
 * `flags` are the visitor's permissions the merchant chose; a `visitorConsentCollected` that
 * allows them all grants at once, one that withdraws any refuses at once (the ids forgotten).
 * An event Shopify hands over twice (the same `id`) is handled once.
 */
export function startPixel(globals: PixelGlobals, relay: string, win: Window, flags: PrivacyFlag[]): void {
  let page = '';
  let firstClientId: (id: string | undefined) => void = () => 0;
  const clientId = new Promise<string | undefined>((resolve) => (firstClientId = resolve));
  const ready = loadPixel(globals, `${relay.replace(/\/+$/, '')}/collect`, flags, win, () => page, clientId);
  const run = (use: (pixel: Pixel) => unknown) => void ready.then(use).catch(() => 0);
  const handled = new Set<string>();
  /** Whether the event is new: its page noted, its `clientId` given to the tracker's start. */
  const arrived = (event: StandardEvent) => {
    firstClientId(event.clientId);
    page = event.context?.document?.location?.href || page;
    if (event.id && handled.has(event.id)) return false;
    if (event.id) handled.add(event.id);
    return true;
  };
  const handle = (event: StandardEvent) => {
    const command = arrived(event) && commandOf(event);
    if (command) run((pixel) => sendStandard(pixel, command, event));
  };
  const handleListing = (event: StandardEvent) => {
    if (!arrived(event)) return;
    run(({ tracker, listing, attribute }) =>
      listing(event).forEach((command, index) => {
        const key = event.id && (index ? `${event.id}-${index}`.slice(-64) : event.id);
        withOrigin(fieldsOf(command), originOf(key, event.timestamp));
        const sid = sessionOf(tracker);
        send(tracker, sid ? attribute(command, sid) : command);
      }),
    );
  };
  // Every page publishes page_viewed: the tracker starts on its client id though the page sends nothing.
  globals.analytics.subscribe('page_viewed', (event) => firstClientId(event.clientId));
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
