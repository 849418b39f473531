import type { SnippetEvent } from './types';

const MAX_EVENTS = 50;

/**
 * Splits events into requests of at most 50 (the relay's batch limit). No byte split is needed:
 * the retry queue holds at most 32 KB, inside the 64 KB keepalive budget browsers share per page.
 */
export function chunk(events: SnippetEvent[]): SnippetEvent[][] {
  const batches: SnippetEvent[][] = [];
  for (let i = 0; i < events.length; i += MAX_EVENTS) batches.push(events.slice(i, i + MAX_EVENTS));
  return batches;
}
