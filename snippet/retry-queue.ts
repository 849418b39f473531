import { attempt } from './attempt.js';
import { MAX_EVENTS_PER_BATCH as MAX_EVENTS } from './protocol.js';
import { safeStringify } from './safe-stringify.js';
import type { KeyValueStore, SnippetEvent } from './types.js';

/** The retry queue's storage key: the Shopify pixel preloads it. */
export const QUEUE_KEY = '_sb_q';
const MAX_BYTES = 32_768;
const MAX_AGE_MS = 86_400_000;

/**
 * Every captured event until a relay confirms it. A capture only appends in memory (a click
 * handler must cost microseconds); `persist` writes storage on the batch timer and as
 * the page hides, merging what other tabs of the shop stored there. Bounded: oldest go first.
 */
export function createRetryQueue(store: KeyValueStore) {
  let events: SnippetEvent[] = [];
  /** Confirmed here: never written back, even while another tab still lists them. */
  const confirmed: string[] = [];

  function persist(): void {
    const ids = events.map((event) => event.event_id).concat(confirmed);
    // Storage may be blocked or hold a corrupted entry: this page's events carry on, and the write replaces it.
    const others: SnippetEvent[] =
      attempt(() => JSON.parse(store.get(QUEUE_KEY)!).filter((event: SnippetEvent) => !ids.includes(event.event_id))) ||
      [];
    events = others
      .concat(events)
      .filter((event) => Date.now() - event.captured_at! < MAX_AGE_MS)
      .slice(-MAX_EVENTS);
    let text = safeStringify(events);
    while (text.length > MAX_BYTES) text = safeStringify((events = events.slice(1)));
    store.set(QUEUE_KEY, text);
  }

  return {
    add(event: SnippetEvent): void {
      if (events.push(event) > MAX_EVENTS) events.shift();
    },
    remove(ids: string[]): void {
      events = events.filter((event) => !ids.includes(event.event_id));
      confirmed.push(...ids);
      persist();
    },
    /** The events to send: other tabs' stored ones included, stale ones left out. */
    all(): SnippetEvent[] {
      persist();
      return events;
    },
    clear(): void {
      events = [];
      store.set(QUEUE_KEY, '');
    },
  };
}
