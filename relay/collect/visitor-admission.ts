import { fieldError, type FieldError } from '../contract/field-error.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** The visitors a batch may name, and those it may not. */
export interface Admission {
  /** The visitors the batch names that it may (two at most), the request's own first. */
  named: string[];
  /** Visitors named beyond those: their events are refused. */
  beyond: Set<string>;
}

/** Visitors one batch may name. */
const PER_BATCH = 2;

/** The `user_id` an event will carry: its own when it names one, else the request's visitor. */
export function eventUserId(raw: unknown, requestUser: string): string {
  const own = isPlainObject(raw) ? raw['user_id'] : undefined;
  return typeof own === 'string' ? own : requestUser;
}

/**
 * Which visitors a `/collect` batch may name (one request of 100 events named 100 made-up
 * visitors): the visitor the request is (its cookie's), and one more: the snippet's events captured
 * before an identify or a reset keep the id they were captured with, so a shopper who logs in on
 * their first page sends the anonymous id and the customer id in one batch. Any further visitor is
 * refused, event by event. Whether a visitor costs a budget is the door's to say
 * (`new-visitors.ts`), not the batch's.
 */
export function admitVisitors(userIds: readonly string[], requestUser: string): Admission {
  const named = [...new Set(userIds)];
  const kept = [...named.filter((id) => id === requestUser), ...named.filter((id) => id !== requestUser)].slice(
    0,
    PER_BATCH,
  );
  return { named: kept, beyond: new Set(named.filter((id) => !kept.includes(id))) };
}

/** The refusal of an event whose visitor is one too many for its batch. */
export const beyondBatchError: FieldError = fieldError(
  'user_id',
  'invalid',
  "names a third visitor in one batch: a browser's batch names at most the visitor it is and the one it was before an identify or a reset",
);
