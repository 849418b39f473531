import { completedOrderId, trackingEventKey } from '../pipeline/order-completed-key.js';
import { fieldError, type FieldError, type Validation } from '../contract/field-error.js';
import { KINDS } from '../contract/kinds.js';
import { validateTrackingEvent } from '../contract/validate.js';
import type { PipelineRecord } from '../pipeline/pipeline-record.js';
import { recordKey } from '../pipeline/pipeline-record.js';
import { sessionIdOf, type Identity } from './identity-cookies.js';
import { CUSTOMER_ID_PATTERN as CUSTOMER_ID, EVENT_ID_PATTERN as EVENT_ID } from '../../snippet/protocol.js';
import { collectEventTime } from './collect-time.js';
import { browserWindowErrors } from './browser-window.js';
import { attributeFields } from './attribute-fields.js';
import { helperEvent, helperNameErrors } from './helper-event.js';
import { helperEventName } from '../contract/event-catalogue.js';
import { isPlainObject } from '../shared/is-plain-object.js';
import { takeOrderProof, type OrderProof } from './order-proof.js';

/**
 * What the relay knows of the request an event came in: the visitor's ids, the page's clock skew,
 * and with SHOPBEACON_IDENTITY_SECRET how the shop proves an order is the browser's.
 */
export interface CollectContext {
  identity: Identity;
  skewMs: number;
  orderProof?: OrderProof;
}

function checkEventId(eventId: unknown): FieldError[] {
  const valid = eventId === undefined || (typeof eventId === 'string' && EVENT_ID.test(eventId));
  return valid ? [] : [fieldError('event_id', 'bad_format', 'must be 1 to 64 letters, digits, _ or -')];
}

/** A browser's `user_id` ends up in a cookie as it is; anonymous ids are among the customer ids this admits. */
function checkBrowserUserId(userId: unknown): FieldError[] {
  const valid = typeof userId !== 'string' || CUSTOMER_ID.test(userId);
  return valid
    ? []
    : [
        fieldError(
          'user_id',
          'bad_format',
          'must be 1 to 128 printable ASCII characters without spaces, quotes, commas, semicolons or backslashes',
        ),
      ];
}

/**
 * The event's session: its own (`id.start.last`, as older snippets wrote their cookie,
 * is the `id`), unless it is the one the relay just ended at 24 hours; the request's if it has none.
 */
function sessionOf(value: unknown, identity: Identity): unknown {
  const own = typeof value === 'string' ? sessionIdOf(value) : value;
  return own == null || own === identity.endedSessionId ? identity.sessionId : own;
}

/**
 * The event's key: its `event_id` or a fresh one; an `Order Completed` the shop's proof for its
 * order speaks for is that order's, one without is only its visitor's claim.
 */
function keyOf(body: Record<string, unknown>, eventId: unknown, orderProof: unknown, context: CollectContext): string {
  const own = typeof eventId === 'string' ? eventId : recordKey(KINDS.event, body);
  const proven = context.orderProof?.proves(completedOrderId(body), orderProof) === true;
  return trackingEventKey(body, own, proven ? 'shop' : 'unproven browser');
}

/**
 * One event of `/collect` as the record the service will get: `event_id` and an order's
 * `order_proof` taken out (the relay's own fields: the outbox key for de-duplication, and whether
 * the order's key is the browser's to take), a clicked element's attributes named and typed, a
 * helper's event named and trimmed by the catalogue (a helper it lacks refused), the visitor's
 * ids and the time filled in where the browser left them out, then validated against the contract.
 */
export function collectEventToRecord(raw: unknown, context: CollectContext, now: number): Validation<PipelineRecord> {
  if (!isPlainObject(raw)) return { ok: false, errors: [fieldError('', 'wrong_type', 'must be an event object')] };
  const { identity, skewMs } = context;
  const { event_id: eventId, captured_at: capturedAt, utc_offset: utcOffset, helper, attributes, ...fields } = raw;
  const { event: withoutProof, proof } = takeOrderProof(fields['event']);
  if (withoutProof !== fields['event']) fields['event'] = withoutProof;
  if (attributes === 1) fields['event'] = attributeFields(fields['event']);
  if (helper === 1) {
    fields['event_name'] = helperEventName(fields['event_name']);
    fields['event'] = helperEvent(fields['event_name'], fields['event']);
  }
  const time = collectEventTime(
    { captured_at: capturedAt, utc_offset: utcOffset, datetime: fields['datetime'] },
    skewMs,
    now,
  );
  const errors: FieldError[] = [
    ...(helper === 1 ? helperNameErrors(fields['event_name']) : []),
    ...checkEventId(eventId),
    ...checkBrowserUserId(fields['user_id']),
    ...time.errors,
    ...browserWindowErrors(time.datetime, now),
  ];
  const body = {
    ...fields,
    user_id: fields['user_id'] ?? identity.userId,
    session_id: sessionOf(fields['session_id'], identity),
    datetime: time.datetime,
  };
  const result = validateTrackingEvent(body, { now });
  if (!result.ok) errors.push(...result.errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { kind: 'event', body, key: keyOf(body, eventId, proof, context) } };
}
