/**
 * No-code capture: a click on `[data-sb-event]`, `[data-sb-add-to-cart]` or a listing's
 * `[data-sb-position]` hands the element's `data-*` attributes (`dataset`, as they are, beneath those
 * of its `[data-sb-list]`) to `clicked`; any other link's address goes to `linked` with the
 * `data-sb-list` of the block around it, which knows the products of the listings the page viewed. The relay names and types the attributes, so the
 * bundle carries none of that logic. Listens in the capture phase so a page's
 * `stopPropagation` cannot hide the click; never calls `preventDefault` and never waits, so
 * navigation is not delayed.
 */
export function captureClicks(
  doc: Document,
  clicked: (attributes: DOMStringMap) => unknown,
  linked: (href: string, list?: string) => unknown,
): void {
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const element = target.closest?.(
        '[data-sb-event],[data-sb-add-to-cart],[data-sb-position]',
      ) as HTMLElement | null;
      const link = target.closest?.('a[href]') as HTMLAnchorElement | null;
      if (element)
        clicked({ ...(element.closest('[data-sb-list]') as HTMLElement | null)?.dataset, ...element.dataset });
      else if (link) linked(link.href, (link.closest('[data-sb-list]') as HTMLElement | null)?.dataset['sbList']);
    },
    true,
  );
}
