import { attempt } from './attempt.js';
import { createPageClicks } from './page-clicks.js';
import { randomId } from './random-id.js';
import { safeStringify } from './safe-stringify.js';
import { BATCH_MS, createBatchSender } from './batch-sender.js';
import { identifiedUser } from './identity.js';
import type { ConsentState } from './consent.js';
import type { createIdentity } from './identity.js';
import type { createLastClicks } from './last-clicks.js';
import type { createRetryQueue } from './retry-queue.js';
import type { Ids, SnippetEvent, Transport } from './types.js';

export interface TrackerDeps {
  transport: Transport;
  queue: ReturnType<typeof createRetryQueue>;
  identity: ReturnType<typeof createIdentity>;
  /** The browser's last clicks, which adds and purchases name (the pixel keeps its own). */
  lastClicks?: ReturnType<typeof createLastClicks>;
  page: () => string;
  log: (message: string, detail?: unknown) => void;
}

const MAX_PENDING = 100;

/** The snippet's behaviour without the DOM: commands in, batches out through the injected transport. */
export function createTracker({ transport, queue, identity, lastClicks, page, log }: TrackerDeps) {
  /** Undecided until `decide`: the page's starting state, then the shopper's choices. */
  let consent: ConsentState;
  /** What waits for the consent banner: captures, identify and reset, replayed in order once consent is given. */
  const pending: (() => unknown)[] = [];
  /** Captured since the last batch, without ids yet: a capture reads no cookie and writes no storage. */
  let captured: SnippetEvent[] = [];
  /**
   * Gives the newly captured events the ids as they are now (cookies read once a batch, not per
   * capture), an add and a purchase the click that led to them, and queues them.
   */
  function settle(): void {
    const ids = captured[0] && identity.ids(true);
    for (const event of captured) (lastClicks?.settled(event, ids!.session_id), queue.add({ ...event, ...ids }));
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
   * A helper's event, by the helper's name: the event catalogue (relay/contract/event-catalogue.ts)
   * alone says which helpers exist, the event each sends and the fields it keeps, and the relay
   * refuses a name it lacks (`helper` in protocol.ts). `url` defaults to the page and `quantity`
   * to 1; the relay drops either where the event has no such field.
   */
  const helper = (name: unknown, input: unknown) =>
    capture(name, typeof input == 'object' && input && { url: page(), quantity: 1, ...input }, 1);

  const clicks = createPageClicks(capture, page);

  function capture(name: unknown, object: unknown, helper?: 1, attributes?: 1): void {
    // Serialized once here, so what is no JSON object (null, an array, a cycle, a BigInt) is
    // refused now, not in a timer.
    if (!name || !attempt(() => safeStringify(object)[0] == '{')) return log('bad track', name);
    // The relay formats `datetime` from these: the bundle carries no date formatting.
    const event: SnippetEvent = {
      event_name: name as string,
      event: object as Record<string, unknown>,
      event_id: randomId(),
      captured_at: Date.now(),
      utc_offset: -new Date().getTimezoneOffset(),
      helper,
      attributes,
    };
    consented(name, () => (captured.push(event), sender.schedule(BATCH_MS)));
  }

  /** Events captured before keep the ids they were captured with. */
  const become = (name: string, user: string) => consented(name, () => (settle(), identity.become(user)));

  function identify(id: unknown): void {
    const user = identifiedUser(id);
    return user ? become('identify', user) : log('bad identify', id);
  }

  /**
   * Grants or refuses, and replays or drops what waited. `remembered`: the shopper's own choice (a
   * `consent` call, the shop's banner through its standard), written to `_sb_c` for the shop's
   * server, and a refusal forgets the ids and the queue; without it, the state the page starts
   * in (a remembered choice, Global Privacy Control), which never overrides a choice made since.
   * A grant writes the ids at once and sends what waited, other pages' stored events included.
   */
  function decide(granted: boolean, remembered?: 1): void {
    if (!remembered && consent !== undefined) return;
    consent = granted;
    if (remembered) identity.remember(granted);
    const held = pending.splice(0);
    if (granted) (identity.ids(true), sender.schedule(0), held.forEach((run) => run()));
    else if (remembered) ((captured = []), queue.clear(), lastClicks?.forget());
  }

  /** Reading the ids is not activity: it does not keep the session alive. */
  function ids(callback?: unknown): Ids | undefined {
    const current = consent ? identity.ids() : undefined;
    if (callback) (callback as (ids?: Ids) => void)(current);
    return current;
  }

  /** Any name but the tracker's own commands is a helper's. */
  function command(name: unknown, a?: unknown, b?: unknown): unknown {
    switch (name) {
      case 'viewList':
        return clicks.listed(a);
      case 'track':
        return capture(a, b);
      case 'identify':
        return identify(a);
      case 'reset':
        return become(name, randomId());
      case 'consent':
        return decide(a === true, 1);
      case 'flush':
        return sender.flush();
      case 'ids':
        return ids(a);
      // The shop's add-to-cart form asks which listing led to its product (the plugin's, the module's).
      case 'clickOf':
        return consent ? (settle(), lastClicks?.of(a, identity.ids().session_id)) : undefined;
    }
    helper(name, a);
  }

  // `decide` starts it: the ids are written at once, not with the first batch, since the shop's server
  // sends the cart events of a visitor whose first page had none (home, then an add to cart) with them.
  return {
    command,
    clicked: clicks.clicked,
    linked: clicks.linked,
    flush: sender.flush,
    beacon: sender.beacon,
    decide,
  };
}
