import type { OrderStatus } from '../../contract/order-status.js';
import { fields } from '../mapping.js';

/**
 * One `status` from Shopify's three (`cancelled_at`, `financial_status`, `fulfillment_status`), in
 * WooCommerce's words, so the service sees one vocabulary whichever platform a shop runs:
 * cancelled (or voided) → `cancelled`; refunded → `refunded`; fulfilled → `completed`;
 * paid or partly refunded → `processing`; anything else (pending, authorized, partially paid) → `pending`.
 */
export function shopifyStatus(order: unknown): OrderStatus {
  const o = fields(order);
  const financial = o['financial_status'];
  if (o['cancelled_at'] || financial === 'voided') return 'cancelled';
  if (financial === 'refunded') return 'refunded';
  if (o['fulfillment_status'] === 'fulfilled') return 'completed';
  if (financial === 'paid' || financial === 'partially_refunded') return 'processing';
  return 'pending';
}
