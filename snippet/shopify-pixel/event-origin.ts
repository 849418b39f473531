import { EVENT_ID_PATTERN } from '../protocol.js';
import type { SnippetEvent } from '../types.js';
import type { createRetryQueue } from '../retry-queue.js';

/**
 * Where a command's fields came from: the Shopify event's own id and time, carried on the fields
 * under a symbol, which the tracker's copies keep and `JSON.stringify` never writes, so the
 * tracker needs no notion of Shopify's events.
 */
export const ORIGIN = Symbol('shopify event');

export interface Origin {
  event_id?: string;
  captured_at?: number;
}

/** The `event_id` the relay de-duplicates by: a key that fits its pattern, else none (a fresh one). */
export function eventIdOf(key: string | null | undefined): string | undefined {
  return key && EVENT_ID_PATTERN.test(key) ? key : undefined;
}

/**
 * The Shopify event's own time: Shopify replays what it held until consent, and the pixel receives
 * it later than it happened.
 */
export function originOf(id: string | undefined, timestamp: string | undefined): Origin {
  const at = Date.parse(timestamp ?? '');
  return { event_id: eventIdOf(id), captured_at: Number.isFinite(at) ? at : undefined };
}

/** Fields carrying their origin. */
export const withOrigin = (fields: Record<string, unknown>, origin: Origin) =>
  Object.assign(fields, { [ORIGIN]: origin });

type Queue = ReturnType<typeof createRetryQueue>;

/** The retry queue, each captured event given its Shopify event's id and time where it has them. */
export function originQueue(queue: Queue): Queue {
  return {
    ...queue,
    add(event: SnippetEvent) {
      const origin = (event.event as { [ORIGIN]?: Origin } | undefined)?.[ORIGIN];
      const stamp = Object.fromEntries(Object.entries(origin ?? {}).filter((entry) => entry[1] !== undefined));
      queue.add({ ...event, ...stamp });
    },
  };
}
