import { attempt } from './attempt';
import { randomId } from './random-id';
import { safeStringify } from './safe-stringify';
import { chunk } from './chunk';
import type { ConsentState } from './consent';
import type { createIdentity } from './identity';
import { HELPERS, productEvent } from './product-event';
import { CUSTOMER_ID_PATTERN } from './protocol';
import type { createRetryQueue } from './retry-queue';
import type { Ids, SnippetEvent, Transport } from './types';

export interface TrackerDeps {
  transport: Transport;
  queue: ReturnType<typeof createRetryQueue>;
  identity: ReturnType<typeof createIdentity>;
  consent: ConsentState;
  page: () => string;
  log: (message: string, detail?: unknown) => void;
}

const BATCH_MS = 500;
const MAX_PENDING = 100;

/** The snippet's behaviour without the DOM: commands in, batches out through the injected transport. */
export function createTracker({ transport, queue, identity, consent, page, log }: TrackerDeps) {
  /** What waits for the consent banner: captures, identify and reset, replayed in order on `consent(true)`. */
  let pending: (() => unknown)[] = [];
  /** Captured since the last batch, without ids yet: a capture reads no cookie and writes no storage (issue #17). */
  let captured: SnippetEvent[] = [];
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => timer || (timer = setTimeout(flush, ms));

  /** Gives the newly captured events their ids, in order and each at its own time, and queues them. */
  function settle(): void {
    for (const event of captured) queue.add(Object.assign(event, identity.ids(event.captured_at)));
    captured = [];
  }

  const batches = () => (settle(), chunk(consent ? queue.all() : []));

  /** Sends the whole queue; while a send is out, waits for it rather than sending the same events twice. */
  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (busy) return void schedule(BATCH_MS);
    for (const batch of batches()) {
      busy++;
      transport.send(batch).then((outcome) => {
        busy--;
        if (outcome) queue.remove(batch.map((e) => e.event_id)), (failures = 0);
        else schedule(Math.min(60_000, 2000 << failures++));
      });
    }
  }

  /** Runs now with consent, later once consent is given, never after a refusal. */
  function consented(name: unknown, run: () => unknown): void {
    if (consent) run();
    else if (consent === undefined && pending.length < MAX_PENDING) pending.push(run);
    else log('ignored', name);
  }

  function capture(name: unknown, object: unknown): void {
    // Serialized once here, so an object JSON cannot hold (a cycle, a BigInt) is refused now, not in a timer.
    if (!name || !object || typeof object != 'object' || !attempt(() => safeStringify(object))) return log('bad track', name);
    // The relay formats `datetime` from these: the bundle carries no date formatting (issue #17).
    const event: SnippetEvent = { event_name: name as string, event: object as Record<string, unknown>, event_id: randomId(), captured_at: Date.now(), utc_offset: -new Date().getTimezoneOffset() };
    consented(name, () => {
      captured.push(event);
      schedule(BATCH_MS);
    });
  }

  function identify(id: unknown): void {
    const customerId = Number.isSafeInteger(id) ? String(id) : typeof id == 'string' ? id.trim() : '';
    if (CUSTOMER_ID_PATTERN.test(customerId)) consented('identify', () => (settle(), identity.identify(customerId)));
    else log('bad identify', id);
  }

  function setConsent(granted: unknown): void {
    consent = granted === true;
    identity.remember(consent);
    const held = pending;
    pending = [];
    if (consent) held.forEach((run) => run());
    else (captured = []), queue.clear();
  }

  /** Reading the ids is not activity: it does not keep the session alive. */
  function ids(callback?: unknown): Ids | undefined {
    const current = consent ? identity.ids() : undefined;
    if (callback) (callback as (ids?: Ids) => void)(current);
    return current;
  }

  function command(name: unknown, a?: unknown, b?: unknown): unknown {
    const helper = HELPERS[name as string];
    if (helper) return capture(helper, typeof a == 'object' && productEvent(a as Record<string, unknown>, page()));
    switch (name) {
      case 'track':
        return capture(a, b);
      case 'purchase':
        return capture('Order Completed', a);
      case 'identify':
        return identify(a);
      case 'reset':
        return consented(name, () => (settle(), identity.reset()));
      case 'consent':
        return setConsent(a);
      case 'flush':
        return flush();
      case 'ids':
        return ids(a);
    }
    log('ignored', name);
  }

  return {
    command,
    flush,
    /** On hide or unload. Beaconed events stay queued until a later fetch confirms them; the relay drops repeats. */
    beacon: () => batches().forEach(transport.beacon),
    // The stored queue is replayed in the next task: evaluating the script stays short (issue #17).
    start: () => consent && setTimeout(() => (identity.user(), flush())),
  };
}
