/**
 * No-code capture: a click on `[data-sb-event]` or `[data-sb-add-to-cart]` hands the element's
 * `data-*` attributes (`dataset`, as they are) to `clicked`; the relay names and types them (issue
 * #17: that logic left the bundle, −117 B). Listens in the capture phase so a page's
 * `stopPropagation` cannot hide the click; never calls `preventDefault` and never waits, so
 * navigation is not delayed.
 */
export function captureClicks(doc: Document, clicked: (attributes: DOMStringMap) => unknown): void {
  doc.addEventListener(
    'click',
    (event) => {
      const element = (event.target as Element).closest?.('[data-sb-event],[data-sb-add-to-cart]') as HTMLElement | null;
      if (element) clicked(element.dataset);
    },
    true,
  );
}
