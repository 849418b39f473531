import { MAX_EVENTS_PER_BATCH } from './protocol';
import type { SnippetEvent } from './types';

/**
 * Splits events into requests of at most 50 (the relay's batch limit). No byte split is needed:
 * the retry queue holds at most 32 KB, inside the 64 KB keepalive budget browsers share per page.
 */
export function chunk(events: SnippetEvent[]): SnippetEvent[][] {
  const batches: SnippetEvent[][] = [];
  for (let i = 0; i < events.length; i += MAX_EVENTS_PER_BATCH) batches.push(events.slice(i, i + MAX_EVENTS_PER_BATCH));
  return batches;
}
