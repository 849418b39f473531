/**
 * What a shop says of where an order was made: `madeBy` when not on its storefront (the back
 * office, its API, a till, a draft), and how it was paid (a payment that leaves the shop may never
 * bring the shopper back to its thank-you page).
 */
export interface OrderChannel {
  madeBy?: string;
  payment?: string;
}
