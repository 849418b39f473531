import type { KeyValueStore } from '../types.js';
import type { ProductList, ProductVariant, StandardEvent } from './shopify-api.js';
import { absolute, defined, numericId, type PixelCommand } from './standard-events.js';

/** The events of listings and their clicks; `clicked` is a DOM event, which a custom pixel may subscribe to. */
export const LISTING_EVENTS = ['collection_viewed', 'search_submitted', 'clicked'] as const;

/**
 * Page 1's size of each collection this browser saw, in the top frame's storage: Shopify says
 * neither page nor size.
 */
export const PAGE_SIZES_KEY = '_sb_list_sizes';
const MAX_REMEMBERED = 50;
/** The relay's MAX_LIST_PRODUCTS (relay/contract/event-catalogue.ts), which the snippet may not import. */
const MAX_PRODUCTS = 200;

/** A listed product as a click finds it again: by its `/products/<handle>`. */
interface Listed {
  handle: string;
  fields: Record<string, unknown>;
}

/** `/products/tee`, `/collections/all/products/tee?variant=1`, `/en/products/tee` → `tee`. */
const handleOf = (url: string | null | undefined) =>
  /\/products\/([^/?#]+)/.exec(absolute(url, 'https://shop.invalid/')?.replace(/^https?:\/\/[^/]+/, '') ?? '')?.[1];

/**
 * The first position of this page: `?page=N` of a collection or of search results goes on from
 * the pages before, at page 1's size where this browser saw it, else at this page's own (wrong
 * only on a partial last page reached without page 1).
 */
function firstPosition(listId: string, count: number, href: string | undefined, store: KeyValueStore): number {
  const page = Math.max(1, Math.floor(Number(/[?&]page=(\d+)/.exec(href ?? '')?.[1] ?? 1)));
  let sizes: Record<string, number> = {};
  try {
    sizes = JSON.parse(store.get(PAGE_SIZES_KEY) || '{}') as Record<string, number>;
  } catch {
    sizes = {};
  }
  if (page === 1) {
    // Newest last, so the oldest go first once the bound is reached.
    const others = Object.entries(sizes).filter(([id]) => id !== listId);
    sizes = Object.fromEntries([...others, [listId, count]].slice(-MAX_REMEMBERED));
    store.set(PAGE_SIZES_KEY, JSON.stringify(sizes));
  }
  return (page - 1) * (Number(sizes[listId]) || count) + 1;
}

/** A variant of a listing as the catalogue's listed product; the catalog's title is the untranslated one. */
function listedFields(
  { product, price }: ProductVariant,
  position: number,
  href: string | undefined,
): Record<string, unknown> {
  return defined({
    product_id: numericId(product?.id),
    position,
    name: product?.untranslatedTitle || product?.title,
    price: price?.amount,
    currency: price?.currencyCode,
    url: absolute(product?.url, href),
  });
}

/** Each Shopify event of a listing as the tracker's commands, with what the page's clicks are matched against. */
export function createListingCommands(store: KeyValueStore) {
  let shown: { listId: string; products: Listed[] } | undefined;

  function viewList(
    listId: string,
    listName: string | undefined,
    list: ProductList | null | undefined,
    href: string | undefined,
  ): PixelCommand[] {
    const variants = (Array.isArray(list?.productVariants) ? list.productVariants : []).filter(
      (variant) => variant?.product?.id,
    );
    if (variants.length === 0) return [];
    const first = firstPosition(listId, variants.length, href, store);
    const products = variants
      .slice(0, MAX_PRODUCTS)
      .map((variant, index) => listedFields(variant!, first + index, href));
    shown = {
      listId,
      products: products.map((fields) => ({ handle: handleOf(fields['url'] as string) ?? '', fields })),
    };
    return [['viewList', defined({ list_id: listId, list_name: listName, products })]];
  }

  function clicked(href: string | null | undefined): PixelCommand[] {
    const handle = handleOf(href);
    const product = handle ? shown?.products.find((listed) => listed.handle === handle) : undefined;
    if (!product || !shown) return [];
    return [
      [
        'track',
        'Product Clicked',
        { product_id: product.fields['product_id'], position: product.fields['position'], list_id: shown.listId },
      ],
    ];
  }

  function collectionViewed({ context, data }: StandardEvent): PixelCommand[] {
    const id = numericId(data?.collection?.id);
    return id === undefined
      ? []
      : viewList(
          `collection-${id}`,
          data?.collection?.title ?? undefined,
          data?.collection,
          context?.document?.location?.href,
        );
  }

  function searchSubmitted({ context, data }: StandardEvent): PixelCommand[] {
    const query = data?.searchResult?.query?.trim().slice(0, 256);
    const search: PixelCommand[] = query ? [['search', { query }]] : [];
    return [...search, ...viewList('search', 'Search results', data?.searchResult, context?.document?.location?.href)];
  }

  const HANDLERS: Record<string, (event: StandardEvent) => PixelCommand[]> = {
    collection_viewed: collectionViewed,
    search_submitted: searchSubmitted,
    clicked: (event) => clicked(event.data?.element?.href),
  };
  return (event: StandardEvent): PixelCommand[] => HANDLERS[event.name]?.(event) ?? [];
}
