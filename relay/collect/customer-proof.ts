import { createHmac } from 'node:crypto';
import { ID_PATTERN, USER_COOKIE, USER_COOKIE_PATTERN } from '../../snippet/protocol.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import { SignedVisitorIds } from './signed-visitor-ids.js';

/**
 * The shop's proof that the browser's customer is who the page says: the hex HMAC-SHA256 of the
 * customer id under `SHOPBEACON_IDENTITY_SECRET`, set by the shop's backend as this first-party
 * cookie (Intercom's identity verification, carried as a cookie so the snippet stays as it is).
 */
export const PROOF_COOKIE = '_sb_idp';

/**
 * With an identity secret, a browser's `user_id` is believed only when it is a customer id with
 * the shop's proof or an anonymous id this relay signed (signed-visitor-ids.ts). Any browser can
 * name any `user_id`, as an event's, as `~id` or as an anonymous `_sb_uid`; without this, anyone
 * could post events as a customer they name and skew what the service learns of them.
 */
export class CustomerProof {
  readonly visitorIds: SignedVisitorIds;

  constructor(private readonly secret: string) {
    this.visitorIds = new SignedVisitorIds(secret);
  }

  /** The proof the shop's backend makes for `customerId`. */
  proofOf(customerId: string): string {
    return createHmac('sha256', this.secret).update(customerId).digest('hex');
  }

  proves(customerId: string, proof: string | undefined): boolean {
    return proof !== undefined && constantTimeEqual(proof.toLowerCase(), this.proofOf(customerId));
  }

  /** Whether `userId` may go as it is: the customer `proof` proves, or an anonymous id this relay signed. */
  believes(userId: string, proof: string | undefined): boolean {
    return this.visitorIds.isSigned(userId) || this.proves(userId, proof);
  }

  /**
   * The request's cookies with a `_sb_uid` that is not believed replaced by the signed id derived
   * from it: an identified `~id` the proof cookie does not prove, and an anonymous id this relay did
   * not sign (a snippet's own, or a customer's id sent as one). Values no `_sb_uid` can hold stay,
   * to be ignored as ever.
   */
  provenCookies(cookies: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
    const user = cookies.get(USER_COOKIE);
    if (user === undefined || !USER_COOKIE_PATTERN.test(user)) return cookies;
    const named = user.replace(/^~/, '');
    const believed = user.startsWith('~')
      ? this.proves(named, cookies.get(PROOF_COOKIE))
      : this.visitorIds.isSigned(named);
    return believed ? cookies : new Map(cookies).set(USER_COOKIE, this.visitorIds.derivedFrom(named));
  }

  /**
   * The visitor a batch's newest `user_id` names where the browser sent no usable cookie: itself
   * when believed, else the id derived from it; a new signed id when it names none.
   */
  provenClaim(claimed: unknown, proof: string | undefined): string {
    if (typeof claimed !== 'string') return this.visitorIds.mint();
    return this.believes(claimed, proof) ? claimed : this.visitorIds.derivedFrom(claimed);
  }

  /**
   * An event as it may be believed: a `user_id` that is neither the request's visitor (as its
   * cookies, proven, resolve it), an anonymous id this relay signed, nor the customer the proof
   * cookie proves is replaced: an anonymous-shaped one, most often the visitor's own from before
   * a login or the relay's first answer, by the visitor; any other by the id derived from it, as
   * an unproven `~id` cookie is (so another customer's event replayed in this browser is credited
   * to neither).
   */
  provenEvent(
    raw: unknown,
    visitor: string,
    proof: string | undefined,
  ): { event: unknown; replaced: false | 'by the visitor' | 'by its stand-in' } {
    if (!isPlainObject(raw)) return { event: raw, replaced: false };
    const claimed = raw['user_id'];
    if (typeof claimed !== 'string' || claimed === visitor || this.believes(claimed, proof))
      return { event: raw, replaced: false };
    if (ID_PATTERN.test(claimed)) return { event: { ...raw, user_id: visitor }, replaced: 'by the visitor' };
    return { event: { ...raw, user_id: this.visitorIds.derivedFrom(claimed) }, replaced: 'by its stand-in' };
  }
}
