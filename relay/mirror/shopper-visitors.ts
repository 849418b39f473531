import { isIP } from 'node:net';
import type { NewVisitors } from '../collect/new-visitors.js';
import type { VisitorVouchers } from '../collect/visitor-voucher.js';
import { isPlainObject } from '../shared/is-plain-object.js';

/**
 * Takes the new visitors the plugin's and the module's events bring from their shoppers'
 * addresses' budgets, as `/collect` takes a browser's (a loop of `?add-to-cart=` with a
 * fresh `_sb_uid` cookie each time minted billed visitors past every limit). Each such event names
 * its shopper's address (`visitor_ip`, believed because only a key opens the mirror) and the
 * relay's voucher from the shopper's cookies (`visitor_voucher`); both are the relay's own fields,
 * taken off before delivery. A vouched visitor costs nothing; over an address's budget the whole
 * post is a 429, which the plugin and the module send again later.
 */
export async function takeShopperVisitors(
  bodies: readonly unknown[],
  vouchers: VisitorVouchers,
  newVisitors: NewVisitors,
): Promise<void> {
  for (const body of bodies) {
    if (
      !isPlainObject(body) ||
      typeof body['visitor_ip'] !== 'string' ||
      isIP(body['visitor_ip']) === 0 ||
      typeof body['user_id'] !== 'string'
    )
      continue;
    const voucher = typeof body['visitor_voucher'] === 'string' ? body['visitor_voucher'] : undefined;
    // A visitor already taken from this address within the hour is not taken again (new-visitors.ts).
    if (vouchers.vouched(voucher, [body['user_id']]) === undefined)
      await newVisitors.take(body['visitor_ip'], body['user_id']);
  }
}
