import { PlatformApiError } from '../platform-api-error.js';
import { textOf } from '../mapping.js';
import type { PrestaShopWebservice } from './prestashop-webservice.js';

/**
 * The first state of each order (its `order_histories` row of lowest id), or `unreadable` when the
 * key may not read them (or the shop answers none). PrestaShop records who set a state: `id_employee` is the staff member's
 * on the first state of an order made in the back office, 0 for one made on the storefront's
 * checkout. One call for a page of orders (`filter[id_order]=[1|2|3]`).
 */
export async function firstOrderStates(
  webservice: PrestaShopWebservice,
  orders: readonly Record<string, unknown>[],
): Promise<Map<string, Record<string, unknown>> | 'unreadable'> {
  const ids = orders.map((o) => textOf(o['id'])).filter((id) => /^\d+$/.test(id));
  const first = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return first;
  let rows: Record<string, unknown>[];
  try {
    rows = await webservice.list('order_histories', {
      display: '[id,id_order,id_employee]',
      'filter[id_order]': `[${ids.join('|')}]`,
    });
  } catch (error) {
    // Refused to the key, or not found on the shop: either way the orders' origins cannot be read.
    if (error instanceof PlatformApiError && (error.refused || error.status === 404)) return 'unreadable';
    throw error;
  }
  for (const row of rows) {
    const order = textOf(row['id_order']);
    const seen = first.get(order);
    if (!seen || Number(textOf(row['id'])) < Number(textOf(seen['id']))) first.set(order, row);
  }
  return first;
}
