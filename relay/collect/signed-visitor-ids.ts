import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time-equal.js';

/** base64url characters of the id's own part and of its tag: 96 bits each. */
const PART_LENGTH = 16;
const SIGNED_ID = /^[\w-]{32}$/;

/**
 * The anonymous visitor ids a relay with `SHOPBEACON_IDENTITY_SECRET` mints: 16 base64url
 * characters and a tag of 16 more only the secret makes, 32 in all, an anonymous id's shape
 * (`ID_PATTERN`) so the snippet, the plugins and `readVisitorIds` keep them as they keep any.
 *
 * Signed rather than told by their shape: a shop's customer ids may have any shape a cookie holds
 * (a 13-digit Shopify number, a UUID, a nanoid), so no shape is one no customer id can have, and
 * a browser could name a customer by sending that customer's id as its anonymous one. A tag a
 * browser cannot make leaves it no choice of id: whatever it sends without the tag is replaced.
 *
 * The WooCommerce plugin and the PrestaShop module make and check these ids in PHP for their
 * server-side events; their parity tests hold both to this module, so a change here is theirs too.
 */
export class SignedVisitorIds {
  private readonly tagKey: Buffer;
  private readonly derivationKey: Buffer;

  // The labels hold spaces, which no customer id has: no shop's proof of a customer is one of these keys.
  constructor(secret: string) {
    this.tagKey = createHmac('sha256', secret).update('shopbeacon anonymous visitor tag v1').digest();
    this.derivationKey = createHmac('sha256', secret).update('shopbeacon anonymous visitor of a claim v1').digest();
  }

  /** A new visitor's id. */
  mint(): string {
    return this.signed(randomBytes(12).toString('base64url'));
  }

  /**
   * The id that stands for an id a browser sent without a tag or a proof: the same for each, so a
   * shopper whose browser keeps sending it (a snippet's id of before, the Shopify pixel's, which
   * never sees the relay's cookies) stays one visitor, and no other id is touched.
   */
  derivedFrom(claimed: string): string {
    return this.signed(
      createHmac('sha256', this.derivationKey).update(claimed).digest('base64url').slice(0, PART_LENGTH),
    );
  }

  /** Whether `id` is one this relay minted or derived. */
  isSigned(id: string): boolean {
    return SIGNED_ID.test(id) && constantTimeEqual(id.slice(PART_LENGTH), this.tagOf(id.slice(0, PART_LENGTH)));
  }

  private signed(own: string): string {
    return `${own}${this.tagOf(own)}`;
  }

  private tagOf(own: string): string {
    return createHmac('sha256', this.tagKey).update(own).digest('base64url').slice(0, PART_LENGTH);
  }
}
