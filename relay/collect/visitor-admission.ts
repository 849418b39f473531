import { fieldError, type FieldError } from '../contract/field-error.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import type { VisitorVouchers } from './visitor-voucher.js';

/** The visitors a batch may name, and those it may not. */
export interface Admission {
  /** The visitor the browser's voucher vouches for: taken before, costs nothing. */
  vouched: string | undefined;
  /** The new visitors the batch brings (two at most), each taken from its address's hourly budget. */
  minted: string[];
  /** Visitors named beyond those: their events are refused. */
  beyond: Set<string>;
}

/** The `user_id` an event will carry: its own when it names one, else the request's visitor. */
export function eventUserId(raw: unknown, requestUser: string): string {
  const own = isPlainObject(raw) ? raw['user_id'] : undefined;
  return typeof own === 'string' ? own : requestUser;
}

/**
 * Which visitors a `/collect` batch may name (one request of 100 events named 100
 * made-up visitors): the one its voucher vouches for, the visitor the request is (its cookie's),
 * and one more: the snippet's events captured before an identify or a reset keep the id they were
 * captured with, so a shopper who logs in on their first page sends the anonymous id and the
 * customer id in one batch, neither vouched yet. Any further visitor is refused, event by event.
 */
export function admitVisitors(
  userIds: readonly string[],
  requestUser: string,
  voucher: string | undefined,
  vouchers: VisitorVouchers,
): Admission {
  const named = [...new Set(userIds)];
  const vouched = vouchers.vouched(voucher, named);
  const unvouched = named.filter((id) => id !== vouched);
  const own = unvouched.filter((id) => id === requestUser);
  const minted = [
    ...own,
    ...unvouched.filter((id) => id !== requestUser).slice(0, 2 - own.length - (vouched === undefined ? 0 : 1)),
  ];
  return { vouched, minted, beyond: new Set(unvouched.filter((id) => !minted.includes(id))) };
}

/**
 * The visitor whose voucher the answer may carry: the request's own, only once this batch paid for
 * it (taken from the budget) or it was vouched already (by an event's or the cookie's voucher).
 * Else none: a cookie naming a fresh id beside events naming a vouched one would carry away a
 * voucher nobody paid for, and the next request would spend it (a security review billed ~36,000
 * visitors an hour from one address that way).
 */
export function vouchable(
  admission: Admission,
  requestUser: string,
  voucher: string | undefined,
  vouchers: VisitorVouchers,
): string | undefined {
  if (admission.vouched === requestUser || admission.minted.includes(requestUser)) return requestUser;
  return vouchers.vouched(voucher, [requestUser]);
}

/** The refusal of an event whose visitor is one too many for its batch. */
export const beyondBatchError: FieldError = fieldError(
  'user_id',
  'invalid',
  "names a third visitor in one batch: a browser's batch names at most the visitor it is and the one it was before an identify or a reset",
);
