const PREFIX = 'data-sb-';

/** The value typed as the service wants it: `price`, `quantity` as numbers, a numeric `product_id` as an integer. */
function convert(field: string, value: string): unknown {
  return /^(price|quantity|order_value)$/.test(field) || (field === 'product_id' && /^\d+$/.test(value)) ? Number(value) : value;
}

/** `data-sb-product-id="5"` becomes `product_id: 5`. */
function fieldsOf(element: Element): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const attribute of element.getAttributeNames()) {
    const field = attribute.slice(PREFIX.length).replace(/-/g, '_');
    if (!attribute.indexOf(PREFIX) && !/^(event|add_to_cart)$/.test(field)) fields[field] = convert(field, element.getAttribute(attribute)!);
  }
  return fields;
}

/**
 * No-code capture: a click on `[data-sb-event]` or `[data-sb-add-to-cart]` sends its event.
 * Listens in the capture phase so a page's `stopPropagation` cannot hide the click; never
 * calls `preventDefault` and never waits, so navigation is not delayed.
 */
export function captureClicks(doc: Document, command: (...args: unknown[]) => unknown): void {
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const element = target.closest?.('[data-sb-event],[data-sb-add-to-cart]');
      if (!element) return;
      const name = element.getAttribute(`${PREFIX}event`) || 'Added To Cart';
      if (name === 'Added To Cart') command('addToCart', fieldsOf(element));
      else command('track', name, fieldsOf(element));
    },
    true,
  );
}
