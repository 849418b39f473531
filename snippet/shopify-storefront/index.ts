import { attempt } from '../attempt.js';
import { createListingBatches, type ListName, type Listing } from './listing-batches.js';
import {
  collectionKey,
  pageProductId,
  seenProduct,
  type CollectionViewEvent,
  type ProductViewEvent,
} from './storefront-events.js';

/**
 * The Shopify storefront companion (`dist/shopbeacon-shopify.js`, served at `/shopbeacon-shopify.js`
 * beside the snippet): it turns the cards a theme announces with `shopify:product:view` into the
 * snippet's `viewList` calls, so recommendations, search results and collection grids are listings
 * whose clicks the snippet already captures. A file of its own, so the snippet costs nothing more
 * on the pages of every other platform.
 */

/** How long the theme may go quiet before a batch of cards is one listing: cards of a grid come together. */
const IDLE_MS = 300;
/** The contexts that are listings; a `page` is the product page itself and a `dialog` a quick view. */
const LISTED_CONTEXTS = ['recommendation', 'search', 'collection'];

type Shopbeacon = ((...args: unknown[]) => unknown) & { q?: unknown[][] };

/** The snippet's global, or its stub where the snippet is not there yet: it replays the queue as it loads. */
function shopbeacon(): Shopbeacon {
  const page = window as unknown as { shopbeacon?: Shopbeacon };
  const stub: Shopbeacon = (...args: unknown[]) => {
    (stub.q ||= []).push(args);
  };
  return (page.shopbeacon ||= stub);
}

function listen(contexts: string[]): void {
  let pageProduct: string | number | undefined;
  let collection: string | number | undefined;
  const listOf = (context: string): ListName | undefined => {
    if (context === 'search') return { list_id: 'search', list_name: 'Search results' };
    if (context === 'recommendation')
      return { list_id: `recommendation-${pageProduct ?? location.pathname}`, list_name: 'Recommendations' };
    const handle = /\/collections\/([^/?#]+)/.exec(location.pathname)?.[1];
    return { list_id: `collection-${collection ?? handle ?? location.pathname}` };
  };
  const batches = createListingBatches(listOf, (listing: Listing) => shopbeacon()('viewList', listing));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => attempt(() => (clearTimeout(timer), batches.flush()));

  document.addEventListener('shopify:product:view', (event) =>
    attempt(() => {
      const view = event as ProductViewEvent;
      pageProduct = pageProductId(view) ?? pageProduct;
      const product = contexts.includes(view.context!) ? seenProduct(view) : undefined;
      if (!product) return;
      batches.add(view.context!, product);
      clearTimeout(timer);
      timer = setTimeout(flush, IDLE_MS);
    }),
  );
  document.addEventListener('shopify:collection:view', (event) =>
    attempt(() => (collection = collectionKey(event as CollectionViewEvent) ?? collection)),
  );
  // On the window, in the capture phase: before the snippet's own listeners on the document, so a
  // card clicked (or a page left) within the idle window is listed before its click is matched.
  for (const type of ['click', 'visibilitychange', 'pagehide']) addEventListener(type, flush, true);
}

attempt(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const named = script?.dataset['contexts']?.split(/[\s,]+/);
  listen(named ? LISTED_CONTEXTS.filter((context) => named.includes(context)) : LISTED_CONTEXTS);
});
