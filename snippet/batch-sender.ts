import type { createRetryQueue } from './retry-queue';
import type { SnippetEvent, Transport } from './types';

/** How long captures gather before a batch leaves. */
export const BATCH_MS = 500;

/**
 * Sends the batches `batches()` gives on a timer, one round at a time: while a send is out, a flush
 * waits for it rather than sending the same events twice. A failed send retries with a backoff
 * doubling from 2 s to a minute; a confirmed one leaves the queue.
 */
export function createBatchSender(transport: Transport, queue: ReturnType<typeof createRetryQueue>, batches: () => SnippetEvent[][]) {
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => timer || (timer = setTimeout(flush, ms));

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

  return {
    schedule,
    flush,
    /** On hide or unload. Beaconed events stay queued until a later fetch confirms them; the relay drops repeats. */
    beacon: () => batches().forEach(transport.beacon),
  };
}
