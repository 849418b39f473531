import type { createRetryQueue } from './retry-queue.js';
import type { SnippetEvent, Transport } from './types.js';

/** How long captures gather before a batch leaves. */
export const BATCH_MS = 500;

/**
 * Sends the batch `batch()` gives (the whole retry queue: it fits one request) on a timer, one
 * at a time: while a send is out, a flush waits for it rather than sending the same events twice.
 * A failed send retries with a backoff doubling from 2 s to a minute; a confirmed one leaves the queue.
 */
export function createBatchSender(
  transport: Transport,
  queue: ReturnType<typeof createRetryQueue>,
  batch: () => SnippetEvent[],
) {
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => timer || (timer = setTimeout(flush, ms));

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (busy) return void schedule(BATCH_MS);
    const events = batch();
    if (!events[0]) return;
    busy = 1;
    transport.send(events).then((outcome) => {
      busy = 0;
      if (outcome) (queue.remove(events.map((e) => e.event_id)), (failures = 0));
      else schedule(Math.min(60_000, 2000 << failures++));
    });
  }

  return {
    schedule,
    flush,
    /** On hide or unload. Beaconed events stay queued until a later fetch confirms them; the relay drops repeats. */
    beacon(): void {
      const events = batch();
      if (events[0]) transport.beacon(events);
    },
  };
}
