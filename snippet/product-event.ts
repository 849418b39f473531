const PRODUCT_FIELDS = ['product_id', 'product_type', 'name', 'price', 'currency', 'quantity', 'url', 'image_url'];

/** The `Added To Cart` object of the spec, exactly its fields; `url` defaults to the page, `quantity` to 1. */
export function productEvent(input: Record<string, unknown> | null, page: string): Record<string, unknown> | null {
  if (!input) return input;
  const event: Record<string, unknown> = { url: page, quantity: 1 };
  for (const field of PRODUCT_FIELDS) if (input[field] != null) event[field] = input[field];
  return event;
}
