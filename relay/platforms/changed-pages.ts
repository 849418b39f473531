import type { ChangedPayload } from './connector.js';

/** One page of a platform's list, asked for the records changed at or after `since`, page `page` of that list. */
export type ChangedPageFetch = (since: number, page: number) => Promise<ChangedPayload[]>;

/** The identity of a payload, to skip the ones a page repeats. */
export type PayloadId = (payload: unknown) => string;

/**
 * Every record changed at or after `start`, oldest change first, by keyset rather than by offset:
 * after each full page the next list begins at the newest change seen. With page numbers alone, a
 * record changed while the sweep runs moves to the end of the list and shifts every later record
 * back by one, so the record at each page boundary would be missed. Records sharing the newest
 * second are asked for again and skipped by id; only a second holding more than a page of changes
 * falls back to the next page number.
 */
export async function* changedByKeyset(
  fetchPage: ChangedPageFetch,
  idOf: PayloadId,
  pageSize: number,
  start: number,
): AsyncGenerator<ChangedPayload> {
  let since = start;
  let page = 1;
  let seen = new Set<string>();
  for (;;) {
    const items = await fetchPage(since, page);
    for (const item of items) if (!seen.has(idOf(item.payload))) yield item;
    if (items.length < pageSize) return;
    const newest = Math.max(...items.map((item) => item.changedAt));
    if (newest > since) {
      since = newest;
      page = 1;
      seen = new Set(items.filter((item) => item.changedAt === newest).map((item) => idOf(item.payload)));
    } else {
      page += 1;
      for (const item of items) seen.add(idOf(item.payload));
    }
  }
}
