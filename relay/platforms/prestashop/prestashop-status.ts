import type { OrderStatus } from '../../contract/order-status.js';
import { fields, textOf } from '../mapping.js';

/** PrestaShop's default order states that carry no telling flag (install data: `order_state` ids). */
const CANCELED = '6';
const REFUNDED = '7';
const DELIVERED = '5';

const flag = (state: Record<string, unknown>, name: string) => textOf(state[name]) === '1';

/**
 * One `status` in the vocabulary of the other platforms' mappings, from the order's current state
 * (`order_states/<current_state>`): Canceled (6) → `cancelled`; Refunded (7) → `refunded`;
 * Delivered (5) or a state flagged `shipped` → `completed`; flagged `paid` →
 * `processing`; anything else (awaiting payment, payment error) → `pending`. A shop's own states are
 * judged by their flags alone.
 */
export function prestaShopStatus(stateId: unknown, stateRecord: unknown): OrderStatus {
  const id = textOf(stateId);
  const state = fields(stateRecord);
  if (id === CANCELED) return 'cancelled';
  if (id === REFUNDED) return 'refunded';
  if (id === DELIVERED || flag(state, 'shipped')) return 'completed';
  if (flag(state, 'paid')) return 'processing';
  return 'pending';
}
