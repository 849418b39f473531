import { attempt } from './attempt.js';
import type { KeyValueStore, SnippetEvent } from './types.js';

/** The storage key: this session's id and each product's last click in it (the Shopify pixel reads it too). */
export const CLICKS_KEY = '_sb_lc';

type Line = Record<string, unknown>;

/**
 * The listing each product was last clicked from in this session (last click wins, as GA4's
 * item_list_id and Algolia's queryID): kept in the page's own storage so it carries across pages,
 * written only with the events it comes from, so only under consent, and forgotten with the ids.
 * A click counts while its session (`_sb_sid`, 30 idle minutes) lasts: another session's are
 * dropped as it writes its first. A click from search results carries the search's query. `settled`
 * names it on an add and on each line of a purchase; the shop's server learns it from `of` (the
 * plugin's and the module's add-to-cart forms). A marked element's click (`data-sb-*`) is the
 * relay's to name, so it is not kept.
 */
export function createLastClicks(store: KeyValueStore) {
  let query: unknown;
  /** `{ s: session, c: { product: click } }` as stored, or nothing. */
  const clicks = (session: unknown): Record<string, Line> =>
    attempt(() => {
      const kept = JSON.parse(store.get(CLICKS_KEY)!);
      return kept.s == session && kept.c;
    }) || {};

  const of = (product: unknown, session: unknown) => clicks(session)[product as string];

  /** A line names its product's click, unless it names a listing itself. */
  const name = (line: Line, session: unknown) =>
    line['list_id'] || Object.assign(line, of(line['product_id'], session));

  return {
    of,
    /** Notes what a settled helper's event says (a search's query, a click's listing), and names an add's and a purchase's lines. */
    settled({ event_name, event: o, attributes }: SnippetEvent, session: unknown): void {
      if (attributes) return;
      if (event_name == 'search') query = o['query'];
      if (event_name == 'click') {
        const kept = clicks(session);
        const list = o['list_id'];
        kept[o['product_id'] as string] = {
          list_id: list,
          position: o['position'],
          query: list == 'search' ? query : undefined,
        };
        store.set(CLICKS_KEY, JSON.stringify({ s: session, c: kept }));
      }
      if (event_name == 'addToCart') name(o, session);
      if (event_name == 'purchase') attempt(() => (o['items'] as Line[]).map((line) => name(line, session)));
    },
    forget: () => store.set(CLICKS_KEY, ''),
  };
}
