import { fieldError } from '../contract/field-error.js';
import type { KindInfo } from '../contract/kinds.js';
import type { RecordCheck } from '../pipeline/accept.js';
import { checkRecord } from '../pipeline/check-record.js';
import { trackingEventKey } from '../pipeline/order-completed-key.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * An id a shop's server gives a tracking event so that sending it again is a duplicate: what the
 * snippet's `event_id` is to `/collect`.
 */
const EVENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * A mirror record checked by the contract. Its events are the shop's own server's (the admin or
 * ingest key): an `Order Completed` is its order's. A tracking event may carry the relay-only `event_id`
 * (the WooCommerce plugin and the PrestaShop module stamp each event once): it is taken off the
 * body the service gets and becomes the record's key, so a batch posted again after an answer
 * that came too late is refused as a duplicate for 24 hours instead of counted twice.
 */
export function mirrorRecord(info: KindInfo, body: unknown, now: number): RecordCheck {
  if (info.kind !== 'event' || !isPlainObject(body))
    return checkRecord(info, body, now, { bigIntegers: info.kind !== 'event' });
  // The shopper's agent and address were judged before (shopper-agent.ts, shopper-visitors.ts), and
  // the voucher older plugins send is weighed by nothing: the service never gets them.
  const { visitor_agent: _agent, visitor_ip: _ip, visitor_voucher: _voucher, ...event } = body;
  if (event['event_id'] === undefined) {
    const checked = checkRecord(info, event, now, { bigIntegers: false });
    return checked.ok
      ? { ok: true, value: { ...checked.value, key: trackingEventKey(checked.value.body, checked.value.key, 'shop') } }
      : checked;
  }
  const { event_id: eventId, ...rest } = event;
  if (typeof eventId !== 'string' || !EVENT_ID.test(eventId))
    return { ok: false, errors: [fieldError('event_id', 'bad_format', 'must be 8 to 64 letters, digits, - or _')] };
  const checked = checkRecord(info, rest, now);
  return checked.ok
    ? { ok: true, value: { ...checked.value, key: trackingEventKey(checked.value.body, `mirror-${eventId}`, 'shop') } }
    : checked;
}
