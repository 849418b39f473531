/**
 * The order statuses the connectors speak. The service takes any text for `status` (its examples
 * show `completed`: docs/service-contract.md); every platform is mapped to WooCommerce's words so
 * the service sees one vocabulary, whichever platform a shop runs. WooCommerce passes its own slug
 * through, so a shop's custom status (a plugin's `shipped`) arrives as it is.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
