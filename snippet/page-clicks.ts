import { attempt } from './attempt.js';

/** What `viewList` reads of its argument; the relay validates the whole against the catalogue. */
interface ListInput {
  list_id?: unknown;
  products?: { product_id?: unknown; position?: unknown; url?: string }[];
}

type Capture = (name: unknown, object: unknown, helper?: 1, attributes?: 1) => void;

/**
 * What a click on the page is: a marked element's (`data-sb-*`), or a link to a product of a
 * listing the page viewed (without its `#`, which PrestaShop adds for a combination), a
 * `Product Clicked` of that listing with no mark in the page's markup. A product a page lists in
 * two blocks is known by the block's `data-sb-list` where the shop marks it (the plugin and
 * module do), else by the listing viewed last.
 */
export function createPageClicks(capture: Capture, page: () => string) {
  const links: Record<string, object> = {};
  return {
    /**
     * A click on a `data-sb-*` element, a copy of its live attributes for the relay to name and
     * type: its `data-sb-event`, a listing's `click`, else an add to cart of the page (`sbUrl`).
     */
    clicked: ({ ...attributes }: DOMStringMap) =>
      attributes['sbEvent']
        ? capture(attributes['sbEvent'], attributes, undefined, 1)
        : capture(attributes['sbPosition'] ? 'click' : 'addToCart', { sbUrl: page(), ...attributes }, 1, 1),
    listed(list: unknown): void {
      capture('viewList', list, 1);
      // Each product under its listing too, for a link in a marked block; the url and id as
      // parameters cost fewer bytes than a body.
      attempt(() =>
        (list as ListInput).products!.map(
          (p, _, __, url = p.url!.split('#')[0]!, id = (list as ListInput).list_id) =>
            (links[url] = links[id + ' ' + url] = { ...p, list_id: id }),
        ),
      );
    },
    linked(href: string, list?: string): void {
      const url = href.split('#')[0]!;
      const product = links[list + ' ' + url] || links[url];
      if (product) capture('click', product, 1);
    },
  };
}
