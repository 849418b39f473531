import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time-equal.js';

/** The cookie that vouches for a visitor the relay has taken before: HttpOnly, the relay's alone. */
export const VOUCHER_COOKIE = '_sb_vid';

/** Vouchers kept made, at most (a few MB): the oldest made is forgotten first. */
const REMEMBERED = 20_000;

/**
 * Proof that this relay took a visitor before: an HMAC of the `user_id` with a secret of the
 * relay's, set beside `_sb_uid` on every answer. A batch naming only vouched visitors mints no new
 * one (no billed visitor that month that was not billed already); a `user_id` without it is a new
 * visitor, of which a batch may name one, and a client address a bounded number an hour.
 * Its key is derived from the service token, which only the relay holds: a voucher cannot be made
 * without it, every instance of a shop makes the same, and nothing new is kept on disk. A new token
 * makes every visitor new once more.
 */
export class VisitorVouchers {
  private readonly key: Buffer;
  /**
   * Vouchers made lately, by visitor: a visitor sends many batches and each answer carries its
   * voucher, and an HMAC made anew each time was 5 % of a 1-event `/collect`.
   */
  private readonly made = new Map<string, string>();

  constructor(serviceToken: string) {
    this.key = createHmac('sha256', serviceToken).update('shopbeacon visitor voucher v1').digest();
  }

  /** The voucher of `userId`, as the cookie carries it. */
  voucherOf(userId: string): string {
    let voucher = this.made.get(userId);
    if (voucher !== undefined) return voucher;
    voucher = createHmac('sha256', this.key).update(userId).digest('base64url').slice(0, 32);
    if (this.made.size >= REMEMBERED) this.made.delete(this.made.keys().next().value as string);
    this.made.set(userId, voucher);
    return voucher;
  }

  /** Which of `userIds` the `voucher` vouches for (one at most), if any. */
  vouched(voucher: string | undefined, userIds: Iterable<string>): string | undefined {
    if (!voucher) return undefined;
    for (const id of userIds) if (constantTimeEqual(voucher, this.voucherOf(id))) return id;
    return undefined;
  }
}
