import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** The relay-only field of an `Order Completed`'s event object that carries the shop's proof for its order. */
const ORDER_PROOF_FIELD = 'order_proof';

/**
 * The shop's proof that a browser's `Order Completed` is the buyer's: the hex HMAC-SHA256 of
 * `order <order_id>` under SHOPBEACON_IDENTITY_SECRET, which the shop's thank-you page (shown only
 * to whoever placed the order) gives the snippet as `order_proof`. With it the browser speaks for
 * the order as the shop's own server does; without it its claim never takes the order's key. The
 * space keeps an order's proof apart from a customer's (`customer-proof.ts`): customer ids have none.
 */
export class OrderProof {
  constructor(private readonly secret: string) {}

  /** The proof the shop's backend makes for `orderId` (its digits). */
  proofOf(orderId: string): string {
    return createHmac('sha256', this.secret).update(`order ${orderId}`).digest('hex');
  }

  proves(orderId: string | undefined, proof: unknown): boolean {
    return (
      orderId !== undefined &&
      typeof proof === 'string' &&
      constantTimeEqual(proof.toLowerCase(), this.proofOf(orderId))
    );
  }
}

/**
 * An event object without its `order_proof` (never sent to the service, whether or not it proves
 * anything), and the proof it carried.
 */
export function takeOrderProof(event: unknown): { event: unknown; proof: unknown } {
  if (!isPlainObject(event) || !(ORDER_PROOF_FIELD in event)) return { event, proof: undefined };
  const { [ORDER_PROOF_FIELD]: proof, ...rest } = event;
  return { event: rest, proof };
}
