import { randomId } from './random-id';
import { chunk } from './chunk';
import type { ConsentState } from './consent';
import { formatDatetime } from './datetime';
import type { createIdentity } from './identity';
import { HELPERS, productEvent } from './product-event';
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
  let pending: SnippetEvent[] = [];
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => timer || (timer = setTimeout(flush, ms));
  const sendable = () => (consent === 'y' ? queue.all() : []);

  /** Sends the whole queue; while a send is out, waits for it rather than sending the same events twice. */
  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (busy) return void schedule(BATCH_MS);
    for (const batch of chunk(sendable())) {
      busy++;
      transport.send(batch).then((outcome) => {
        busy--;
        if (outcome) queue.remove(batch.map((e) => e.event_id)), (failures = 0);
        else schedule(Math.min(60_000, 2000 << failures++));
      });
    }
  }

  /** On hide or unload. Beaconed events stay queued until a later fetch confirms them; the relay drops repeats. */
  const beacon = () => chunk(sendable()).forEach(transport.beacon);

  function enqueue(event: SnippetEvent): void {
    queue.add({ ...event, ...identity.touch() });
    schedule(BATCH_MS);
  }

  function capture(name: unknown, object: unknown): void {
    if (!name || !object || typeof object != 'object') return log('bad track', name);
    const event = { event_name: name as string, event: object as Record<string, unknown>, event_id: randomId(), datetime: formatDatetime(Date.now()) };
    if (consent === 'y') enqueue(event);
    else if (consent === 'p' && pending.length < MAX_PENDING) pending.push(event);
    else log('ignored', name);
  }

  function setConsent(granted: unknown): void {
    consent = granted === true ? 'y' : 'n';
    identity.remember(granted === true);
    const held = pending;
    pending = [];
    if (granted === true) held.forEach(enqueue);
    else queue.clear();
  }

  function ids(callback?: unknown): Ids | undefined {
    const current = consent === 'y' ? identity.touch() : undefined;
    if (callback) (callback as (ids?: Ids) => void)(current);
    return current;
  }

  function command(name: unknown, a?: unknown, b?: unknown): unknown {
    const helper = HELPERS[name as string];
    if (helper) return capture(helper, typeof a == 'object' && productEvent(a as Record<string, unknown>, page()));
    if (name === 'track') return capture(a, b);
    if (name === 'purchase') return capture('Order Completed', a);
    if (name === 'consent') return setConsent(a);
    if (name === 'flush') return flush();
    if (name === 'ids') return ids(a);
    log('ignored', name);
  }

  return { command, flush, beacon, start: () => consent === 'y' && (identity.user(), flush()) };
}
