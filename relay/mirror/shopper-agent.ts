import { isBotRequest } from '../collect/bot-filter.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * The indexes of the server-side events whose shopper the bot filter flags. The WooCommerce plugin
 * and the PrestaShop module send cart and checkout events from the shop's server, where the request
 * is theirs, not the browser's: each event names its shopper's User-Agent (`visitor_agent`, the
 * relay's own field, taken off before delivery), judged as `/collect` judges the browser's own
 * (an automated browser's cart events were sent while its browser events were dropped).
 * Events without the field (a shop's own backend) are the backend's to judge.
 */
export function shopperBots(bodies: unknown[]): Set<number> {
  const bots = new Set<number>();
  bodies.forEach((body, index) => {
    if (
      isPlainObject(body) &&
      'visitor_agent' in body &&
      isBotRequest(typeof body['visitor_agent'] === 'string' ? body['visitor_agent'] : undefined, false)
    )
      bots.add(index);
  });
  return bots;
}
