/** A product card the theme showed, as the catalogue's listed product but for its position. */
export interface SeenProduct {
  product_id: string | number;
  name?: string;
  price?: number;
  currency?: string;
  url?: string;
}

/** Which listing a card of one `context` belongs to, resolved when its batch is sent. */
export interface ListName {
  list_id: string;
  list_name?: string;
}

export interface Listing extends ListName {
  products: (SeenProduct & { position: number })[];
}

/** The relay's MAX_LIST_PRODUCTS (relay/contract/event-catalogue.ts), which the snippet may not import. */
const MAX_PRODUCTS = 200;

/**
 * Groups the cards a theme announces one by one into listings: each batch of a listing is one
 * `Product List Viewed`, its positions in the order the cards appeared, going on from the listing's
 * earlier batches on the page. A card seen again (scrolled back into view) is not listed twice.
 * The listing is named when the batch is sent, not when the card came, since the theme may announce
 * the page's own product or collection after the first cards.
 */
export function createListingBatches(listOf: (context: string) => ListName | undefined, send: (l: Listing) => void) {
  const lastPosition: Record<string, number> = {};
  const listed = new Set<string>();
  const pending: { context: string; product: SeenProduct }[] = [];

  function flush(): void {
    const batches: Record<string, Listing> = {};
    for (const { context, product } of pending.splice(0)) {
      const name = listOf(context);
      const key = name && `${name.list_id} ${product.product_id}`;
      if (!name || listed.has(key!)) continue;
      listed.add(key!);
      const position = (lastPosition[name.list_id] = (lastPosition[name.list_id] ?? 0) + 1);
      (batches[name.list_id] ??= { ...name, products: [] }).products.push({ ...product, position });
    }
    for (const listing of Object.values(batches))
      for (let i = 0; i < listing.products.length; i += MAX_PRODUCTS)
        send({ ...listing, products: listing.products.slice(i, i + MAX_PRODUCTS) });
  }

  return {
    add: (context: string, product: SeenProduct) => void pending.push({ context, product }),
    flush,
  };
}
