import { attempt } from './attempt.js';
import { randomId } from './random-id.js';
import { safeStringify } from './safe-stringify.js';
import { BATCH_MS, createBatchSender } from './batch-sender.js';
import { identifiedUser } from './identity.js';
import type { ConsentState } from './consent.js';
import type { createIdentity } from './identity.js';
import type { createRetryQueue } from './retry-queue.js';
import type { Ids, SnippetEvent, Transport } from './types.js';

export interface TrackerDeps {
  transport: Transport;
  queue: ReturnType<typeof createRetryQueue>;
  identity: ReturnType<typeof createIdentity>;
  consent: ConsentState;
  page: () => string;
  log: (message: string, detail?: unknown) => void;
}

const MAX_PENDING = 100;

/** What `viewList` reads of its argument; the relay validates the whole against the catalogue. */
interface ListInput {
  list_id?: unknown;
  products?: { product_id?: unknown; position?: unknown; url?: string }[];
}

/** The snippet's behaviour without the DOM: commands in, batches out through the injected transport. */
export function createTracker({ transport, queue, identity, consent, page, log }: TrackerDeps) {
  /** What waits for the consent banner: captures, identify and reset, replayed in order on `consent(true)`. */
  let pending: (() => unknown)[] = [];
  /** Captured since the last batch, without ids yet: a capture reads no cookie and writes no storage (issue #17). */
  let captured: SnippetEvent[] = [];
  /** Gives the newly captured events the ids as they are now (cookies read once a batch, not per capture) and queues them. */
  function settle(): void {
    const ids = captured[0] && identity.ids(true);
    for (const event of captured) queue.add({ ...event, ...ids });
    captured = [];
  }

  const sender = createBatchSender(transport, queue, () => (settle(), consent ? queue.all() : []));

  /** Runs now with consent, later once consent is given, never after a refusal. */
  function consented(name: unknown, run: () => unknown): void {
    if (consent) run();
    else if (consent === undefined && pending.length < MAX_PENDING) pending.push(run);
    else log('ignored', name);
  }

  /**
   * A helper's product event: `url` defaults to the page, `quantity` to 1. A helper's event goes
   * by the helper's name, which the relay turns into the catalogue's (`addToCart` → `Added To
   * Cart`), and keeps the catalogue's fields: the bundle carries neither.
   */
  const product = (name: string, input: unknown) => capture(name, typeof input == 'object' && input && { url: page(), quantity: 1, ...input }, 1);

  /**
   * A click on a `data-sb-*` element: a copy of its attributes (the map is live), marked for the
   * relay to name and type; a listing's product (`data-sb-position`) is a `Product Clicked`; an add
   * to cart gets the page as `sbUrl`, which `data-sb-url` overrides.
   */
  const clicked = ({ ...attributes }: DOMStringMap) =>
    attributes['sbEvent']
      ? capture(attributes['sbEvent'], attributes, undefined, 1)
      : capture(attributes['sbPosition'] ? 'click' : 'addToCart', { sbUrl: page(), ...attributes }, 1, 1);

  /** The products of this page's listings by the link they render (without its `#`), each with its list's id. */
  const links: Record<string, object> = {};
  /** A listing's view; its products' links, clicked, are a `Product Clicked` without a mark on the page. */
  function viewList(list: ListInput): void {
    capture('viewList', list, 1);
    attempt(() => list.products!.map((p) => (links[p.url!.split('#')[0]!] = { ...p, list_id: list.list_id })));
  }
  /** A click on a link: a `Product Clicked` when it leads to a product of a listing this page viewed. */
  function linked(href: string): void {
    const product = links[href.split('#')[0]!];
    if (product) capture('click', product, 1);
  }

  function capture(name: unknown, object: unknown, helper?: 1, attributes?: 1): void {
    // Serialized once here, so what is no JSON object (null, an array, a cycle, a BigInt) is refused now, not in a timer.
    if (!name || !attempt(() => safeStringify(object)[0] == '{')) return log('bad track', name);
    // The relay formats `datetime` from these: the bundle carries no date formatting (issue #17).
    const event: SnippetEvent = {
      event_name: name as string,
      event: object as Record<string, unknown>,
      event_id: randomId(),
      captured_at: Date.now(),
      utc_offset: -new Date().getTimezoneOffset(),
      helper,
      attributes,
    };
    consented(name, () => {
      captured.push(event);
      sender.schedule(BATCH_MS);
    });
  }

  /** Events captured before keep the ids they were captured with. */
  const become = (name: string, user: string) => consented(name, () => (settle(), identity.become(user)));

  function identify(id: unknown): void {
    const user = identifiedUser(id);
    return user ? become('identify', user) : log('bad identify', id);
  }

  function setConsent(granted: unknown): void {
    consent = granted === true;
    identity.remember(consent);
    const held = pending;
    pending = [];
    if (consent) held.forEach((run) => run());
    else ((captured = []), queue.clear());
  }

  /** Reading the ids is not activity: it does not keep the session alive. */
  function ids(callback?: unknown): Ids | undefined {
    const current = consent ? identity.ids() : undefined;
    if (callback) (callback as (ids?: Ids) => void)(current);
    return current;
  }

  function command(name: unknown, a?: unknown, b?: unknown): unknown {
    switch (name) {
      case 'addToCart':
      case 'removeFromCart':
      case 'viewProduct':
        return product(name, a);
      case 'viewList':
        return viewList(a as ListInput);
      case 'search':
        return capture(name, a, 1);
      case 'track':
        return capture(a, b);
      case 'purchase':
        return capture('Order Completed', a);
      case 'identify':
        return identify(a);
      case 'reset':
        return become(name, randomId());
      case 'consent':
        return setConsent(a);
      case 'flush':
        return sender.flush();
      case 'ids':
        return ids(a);
    }
    log('ignored', name);
  }

  // The stored queue is replayed in the next task (`start`): evaluating the script stays short (issue #17).
  // The ids are written at once, not with the first batch: the shop's server sends the cart events of
  // a visitor whose first page had none (home, then an add to cart) with them (issue #46).
  return { command, clicked, linked, flush: sender.flush, beacon: sender.beacon, start: () => consent && (identity.ids(true), setTimeout(sender.flush)) };
}
