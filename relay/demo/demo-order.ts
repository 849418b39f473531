import type { FieldError } from '../contract/field-error.js';
import type { Order } from '../contract/schemas.js';
import { receiptTime } from '../collect/event-time.js';
import { CURRENCY, findProduct } from './catalog.js';
import type { CheckoutRequest } from './demo-wire.js';

const CUSTOMER_FIELDS = ['email', 'first_name', 'last_name', 'city', 'zip_code', 'country'] as const;

function checkLines(lines: unknown, errors: FieldError[]): void {
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 50)
    return void errors.push({ path: 'lines', message: 'must hold 1 to 50 cart lines' });
  lines.forEach((line: { product_id?: unknown; quantity?: unknown } | null, i) => {
    if (!findProduct(Number(line?.product_id)))
      errors.push({ path: `lines[${i}].product_id`, message: 'is not a product of the shop' });
    const quantity = line?.quantity;
    if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 99)
      errors.push({ path: `lines[${i}].quantity`, message: 'must be an integer from 1 to 99' });
  });
}

/**
 * The checkout as the shop's backend sees it: every field checked, prices taken from the catalog,
 * never from the browser.
 */
export function checkCheckout(
  body: unknown,
): { ok: true; value: CheckoutRequest } | { ok: false; errors: FieldError[] } {
  const input = (body ?? {}) as { lines?: unknown; customer?: Record<string, unknown> };
  const errors: FieldError[] = [];
  checkLines(input.lines, errors);
  for (const field of CUSTOMER_FIELDS) {
    const value = input.customer?.[field];
    if (typeof value !== 'string' || !value.trim() || value.length > 200)
      errors.push({ path: `customer.${field}`, message: 'must be a non-empty text of at most 200 characters' });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: input as CheckoutRequest };
}

let lastOrderId = 0;

/** Order ids that grow with time and never repeat within a process, as a shop's database would give. */
function nextOrderId(now: number): number {
  lastOrderId = Math.max(lastOrderId + 1, Math.floor(now / 1000) * 10);
  return lastOrderId;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The service's Order record for a checkout. */
export function orderFor(checkout: CheckoutRequest, now: number): Order {
  const lineItems = checkout.lines.map((line) => {
    const product = findProduct(line.product_id);
    if (!product) throw new Error(`checkCheckout let an unknown product through: ${line.product_id}`);
    const total = cents(product.price * line.quantity);
    return {
      line_item_product_id: product.id,
      line_item_name: product.name,
      line_item_price: product.price,
      line_item_quantity: line.quantity,
      line_item_total: total,
    };
  });
  const created = receiptTime(now);
  return {
    order_id: nextOrderId(now),
    status: 'completed',
    currency: CURRENCY,
    order_value: cents(lineItems.reduce((sum, item) => sum + item.line_item_total, 0)),
    date_created_gmt: created,
    completion_date_gmt: created,
    ...checkout.customer,
    line_items: lineItems,
  };
}
