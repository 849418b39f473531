/**
 * The demo checkout's wire format, shared by its server half (`relay/demo/`) and its browser half
 * (`web/storefront/`): what the checkout form posts to `/demo/checkout` and what it gets back.
 */

/** What the storefront's checkout form sends to the demo's server side. */
export interface CheckoutRequest {
  lines: { product_id: number; quantity: number }[];
  customer: Record<'email' | 'first_name' | 'last_name' | 'city' | 'zip_code' | 'country', string>;
}

/** The order the demo's server side priced from its catalog and posted to the relay's `/v1/orders`. */
export interface PlacedOrder {
  order_id: number;
  order_value: number;
  currency: string;
  line_items: unknown[];
}
