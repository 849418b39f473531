import { isIP } from 'node:net';
import type { FieldError } from '../contract/field-error.js';
import { judgeEventVisitors, type EventVisitor } from '../collect/event-visitors.js';
import type { NewVisitors } from '../collect/new-visitors.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/** Who posted a batch to `/v1/track`: the connection's address, and whether with the admin key. */
export interface Poster {
  ip: string;
  admin: boolean;
}

/** The shopper's address an event names (`visitor_ip`), if it names one. */
function shopperIp(body: Record<string, unknown>): string | undefined {
  const ip = body['visitor_ip'];
  return typeof ip === 'string' && isIP(ip) !== 0 ? ip : undefined;
}

/**
 * The door for the shop's server-side events: each event's visitor judged as a browser's is
 * (`collect/new-visitors.ts`), brought by its shopper's address (`visitor_ip`, the plugin's and the
 * module's, believed because only a key opens the mirror; a loop of `?add-to-cart=` with a fresh
 * `_sb_uid` cookie each time once minted billed visitors past every limit). An event naming none
 * is the poster's: with the ingest key, the posting server's address, so a leaked plugin key
 * mints no more than one address's budget; with the admin key, the shop's own (its backend, an
 * import), bound by the ceiling alone, and its history of months already settled passes. The
 * relay's own fields (`visitor_ip`, `visitor_agent`, and `visitor_voucher`, which plugins still
 * send and nothing weighs now) are taken off before delivery. An address over its budget
 * throws the 429 for the whole post, which the plugin and the module send again later.
 */
export function judgeShopperVisitors(
  bodies: readonly unknown[],
  newVisitors: NewVisitors,
  poster: Poster,
  now: number,
): Promise<(FieldError[] | undefined)[]> {
  const events = bodies.map((body): EventVisitor | undefined => {
    if (!isPlainObject(body) || typeof body['user_id'] !== 'string' || body['user_id'] === '') return undefined;
    const ip = shopperIp(body) ?? (poster.admin ? undefined : poster.ip);
    return { userId: body['user_id'], datetime: body['datetime'], ip };
  });
  return judgeEventVisitors(newVisitors, events, now, poster.admin ? 'passed' : 'refused');
}
