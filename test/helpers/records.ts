/** Valid records of each kind, dated relative to `now`, for tests to vary one field at a time. */

export function sqlTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

export function lineItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    line_item_product_id: 501,
    line_item_price: 19.9,
    line_item_quantity: 2,
    line_item_name: 'Mug',
    ...overrides,
  };
}

export function order(now = Date.now(), overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: 1001,
    city: 'Berlin',
    country: 'DE',
    currency: 'EUR',
    date_created_gmt: sqlTime(now - 3_600_000),
    email: 'ada@example.com',
    status: 'completed',
    order_value: 39.8,
    line_items: [lineItem()],
    ...overrides,
  };
}

export function product(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: 501,
    name: 'Mug',
    price: 19.9,
    currency: 'EUR',
    image: 'https://shop.example/img/501.jpg',
    link: 'https://shop.example/p/501',
    ...overrides,
  };
}

export function addedToCart(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: 501,
    product_type: 'kitchen',
    name: 'Mug',
    price: 19.9,
    currency: 'EUR',
    quantity: 1,
    url: 'https://shop.example/p/501',
    image_url: 'https://shop.example/img/501.jpg',
    ...overrides,
  };
}

export function trackingEvent(now = Date.now(), overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: 'u_ada',
    event_name: 'Added To Cart',
    event: addedToCart(),
    datetime: sqlTime(now),
    session_id: 's_1',
    ...overrides,
  };
}
