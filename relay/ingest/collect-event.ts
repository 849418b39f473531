import { fieldError, type FieldError, type Validation } from '../contract/field-error.js';
import { KINDS } from '../contract/kinds.js';
import { validateTrackingEvent } from '../contract/validate.js';
import type { OutboxRecord } from '../outbox/outbox.js';
import { outboxKey } from '../outbox/outbox-key.js';
import type { Identity } from './identity-cookies.js';
import { EVENT_ID_PATTERN as EVENT_ID } from '../../snippet/protocol.js';


/** `YYYY-MM-DD HH:MM:SS+00:00`: the time of receipt, for events the browser sent without one. */
export function receiptTime(now: number): string {
  return `${new Date(now).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

function checkEventId(eventId: unknown): FieldError[] {
  const valid = eventId === undefined || (typeof eventId === 'string' && EVENT_ID.test(eventId));
  return valid ? [] : [fieldError('event_id', 'bad_format', 'must be 1 to 64 letters, digits, _ or -')];
}

/**
 * One event of `/collect` as the record the service will get: `event_id` taken out (the relay's
 * own field, kept as the outbox key for de-duplication), the visitor's ids and the time filled in
 * where the browser left them out, then validated against the contract.
 */
export function collectEventToRecord(raw: unknown, identity: Identity, now: number): Validation<OutboxRecord> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, errors: [fieldError('', 'wrong_type', 'must be an event object')] };
  const { event_id: eventId, ...fields } = raw as Record<string, unknown>;
  const errors: FieldError[] = checkEventId(eventId);
  const body = {
    ...fields,
    user_id: fields['user_id'] ?? identity.userId,
    session_id: fields['session_id'] ?? identity.sessionId,
    datetime: fields['datetime'] ?? receiptTime(now),
  };
  const result = validateTrackingEvent(body, { now });
  if (!result.ok) errors.push(...result.errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { kind: 'event', body, key: typeof eventId === 'string' ? eventId : outboxKey(KINDS.event, body) } };
}
