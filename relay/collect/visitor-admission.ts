import { fieldError, type FieldError } from '../contract/field-error.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import type { VisitorVouchers } from './visitor-voucher.js';

/** The visitors a batch may name, and those it may not. */
export interface Admission {
  /** The visitor the browser's voucher vouches for: taken before, costs nothing. */
  vouched: string | undefined;
  /** The one new visitor the batch may mint, if it names one. */
  minted: string | undefined;
  /** Visitors named beyond those two: their events are refused. */
  beyond: Set<string>;
}

/** The `user_id` an event will carry: its own when it names one, else the request's visitor. */
export function eventUserId(raw: unknown, requestUser: string): string {
  const own = isPlainObject(raw) ? raw['user_id'] : undefined;
  return typeof own === 'string' ? own : requestUser;
}

/**
 * Which visitors a `/collect` batch may name (issue #47: one request of 100 events named 100
 * made-up visitors): the one its voucher vouches for, and one more, the request's own when it is
 * new (the snippet's events before an identify or a reset carry the id they were captured with, so
 * a real batch names at most two). Any further one is refused, event by event.
 */
export function admitVisitors(userIds: readonly string[], requestUser: string, voucher: string | undefined, vouchers: VisitorVouchers): Admission {
  const named = [...new Set(userIds)];
  const vouched = vouchers.vouched(voucher, named);
  const unvouched = named.filter((id) => id !== vouched);
  const minted = unvouched.includes(requestUser) ? requestUser : unvouched[0];
  return { vouched, minted, beyond: new Set(unvouched.filter((id) => id !== minted)) };
}

/** The refusal of an event whose visitor is one too many for its batch. */
export const beyondBatchError: FieldError = fieldError('user_id', 'invalid', 'names a visitor beyond the one new visitor a batch may bring: this browser\'s events name at most the visitor the relay knows it as and one more');
