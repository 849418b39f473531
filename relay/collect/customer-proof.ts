import { createHmac } from 'node:crypto';
import { ID_PATTERN, USER_COOKIE } from '../../snippet/protocol.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * The shop's proof that the browser's customer is who the page says: the hex HMAC-SHA256 of the
 * customer id under `SHOPBEACON_IDENTITY_SECRET`, set by the shop's backend as this first-party
 * cookie (Intercom's identity verification, carried as a cookie so the snippet stays as it is).
 */
export const PROOF_COOKIE = '_sb_idp';

/** An id this relay stands in for a claim without proof: `u` and 22 base64url characters, an anonymous id's shape. */
const STAND_IN_LENGTH = 22;

/**
 * With an identity secret, a customer id from a browser is believed only with the shop's proof.
 * Any browser can name any `user_id`; without this, anyone could post events as a customer they
 * name and skew what the service learns of them.
 */
export class CustomerProof {
  private readonly standInKey: Buffer;

  constructor(private readonly secret: string) {
    this.standInKey = createHmac('sha256', secret).update('shopbeacon unproven customer v1').digest();
  }

  /** The proof the shop's backend makes for `customerId`. */
  proofOf(customerId: string): string {
    return createHmac('sha256', this.secret).update(customerId).digest('hex');
  }

  proves(customerId: string, proof: string | undefined): boolean {
    return proof !== undefined && constantTimeEqual(proof.toLowerCase(), this.proofOf(customerId));
  }

  /**
   * The anonymous id that stands for a customer id a browser claims without proof: the same for
   * each claim, so a shopper whose proof is missing stays one visitor rather than one a page, and
   * no real customer's history is touched.
   */
  standIn(claimed: string): string {
    return `u${createHmac('sha256', this.standInKey).update(claimed).digest('base64url').slice(0, STAND_IN_LENGTH)}`;
  }

  /**
   * The request's cookies with an identified `_sb_uid` (`~id`) the proof cookie does not prove
   * replaced by its stand-in.
   */
  provenCookies(cookies: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
    const user = cookies.get(USER_COOKIE);
    if (user === undefined || !user.startsWith('~') || this.proves(user.slice(1), cookies.get(PROOF_COOKIE)))
      return cookies;
    return new Map(cookies).set(USER_COOKIE, this.standIn(user.slice(1)));
  }

  /**
   * An event as it may be believed: a `user_id` that is neither the request's visitor (as its
   * cookies, proven, resolve it) nor the customer the proof cookie proves is replaced: a
   * customer-shaped one by its stand-in, as an unproven `~id` cookie is (so another customer's
   * event replayed in this browser is credited to neither), an anonymous-shaped one, most often the
   * visitor's own from before a login, by the visitor.
   */
  provenEvent(
    raw: unknown,
    visitor: string,
    proof: string | undefined,
  ): { event: unknown; replaced: false | 'by the visitor' | 'by its stand-in' } {
    if (!isPlainObject(raw)) return { event: raw, replaced: false };
    const claimed = raw['user_id'];
    if (typeof claimed !== 'string' || claimed === visitor || this.proves(claimed, proof))
      return { event: raw, replaced: false };
    if (ID_PATTERN.test(claimed)) return { event: { ...raw, user_id: visitor }, replaced: 'by the visitor' };
    return { event: { ...raw, user_id: this.standIn(claimed) }, replaced: 'by its stand-in' };
  }
}
