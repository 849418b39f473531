import { HttpError } from '../http/http-error.js';
import { isPlainObject as isObject } from '../shared/is-plain-object.js';
import { MAX_EVENTS_PER_BATCH } from '../../snippet/protocol.js';

export interface CollectBody {
  events: unknown[];
  webdriver: unknown;
  /** The page's clock as the batch left (epoch ms), when the sender gave it. */
  sentAt: number | undefined;
}

function parseSentAt(sentAt: unknown): number | undefined {
  if (sentAt === undefined || (typeof sentAt === 'number' && Number.isFinite(sentAt))) return sentAt;
  throw new HttpError(400, 'invalid_sent_at', 'sent_at must be epoch milliseconds', [
    { path: 'sent_at', message: 'must be epoch milliseconds (a number)' },
  ]);
}

/** `/collect` takes one event, or `{"events":[...]}` with 1 to `MAX_EVENTS_PER_BATCH` (100) of them. */
export function parseCollectBody(body: unknown): CollectBody {
  const noEvent = () =>
    new HttpError(400, 'no_event', 'body must be an event object (with event_name) or {"events":[...]}');
  if (!isObject(body)) throw noEvent();
  if (!('events' in body)) {
    // A lone object is an event only if it says which: `{}` or `{"foo":1}` holds no event object.
    if (!('event_name' in body)) throw noEvent();
    return { events: [body], webdriver: undefined, sentAt: undefined };
  }
  const { events } = body;
  if (!Array.isArray(events) || events.length === 0) {
    throw new HttpError(400, 'no_event', 'events must be a non-empty array', [
      { path: 'events', message: 'must be a non-empty array' },
    ]);
  }
  if (events.length > MAX_EVENTS_PER_BATCH) {
    throw new HttpError(413, 'too_many_events', `at most ${MAX_EVENTS_PER_BATCH} events per request`, [
      { path: 'events', message: `must hold at most ${MAX_EVENTS_PER_BATCH} events` },
    ]);
  }
  return { events, webdriver: body['webdriver'], sentAt: parseSentAt(body['sent_at']) };
}
