import { attempt } from './attempt';
import { safeStringify } from './safe-stringify';
import type { KeyValueStore, QueuedEvent, SnippetEvent } from './types';

const KEY = '_sb_q';
const MAX_EVENTS = 100;
const MAX_BYTES = 32_768;
const MAX_AGE_MS = 86_400_000;

/**
 * Every captured event until a relay confirms it, in storage so a reload or a crash replays it.
 * Re-read before each change: other tabs of the same shop share it. Bounded: oldest go first.
 */
export function createRetryQueue(store: KeyValueStore) {
  let memory: QueuedEvent[] = [];

  function read(): QueuedEvent[] {
    // Storage may be blocked (memory serves) or hold a corrupted entry (the next write replaces it).
    memory = attempt(() => JSON.parse(store.get(KEY)!) as QueuedEvent[]) || memory;
    return memory.filter((item) => Date.now() - item.t < MAX_AGE_MS);
  }

  function write(items: QueuedEvent[]): void {
    items = items.slice(-MAX_EVENTS);
    let text = safeStringify(items);
    while (text.length > MAX_BYTES && items.length) text = safeStringify((items = items.slice(1)));
    memory = items;
    store.set(KEY, text);
  }

  return {
    add(event: SnippetEvent): void {
      write([...read(), { t: Date.now(), e: event }]);
    },
    remove(ids: string[]): void {
      write(read().filter((item) => ids.indexOf(item.e.event_id) < 0));
    },
    all: (): SnippetEvent[] => read().map((item) => item.e),
    clear: () => write([]),
  };
}
