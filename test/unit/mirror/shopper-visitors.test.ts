import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NewVisitors } from '../../../relay/collect/new-visitors.js';
import { VisitorVouchers } from '../../../relay/collect/visitor-voucher.js';
import { HttpError } from '../../../relay/http/http-error.js';
import { takeShopperVisitors } from '../../../relay/mirror/shopper-visitors.js';

const vouchers = new VisitorVouchers('a-service-token');
const event = (user_id: unknown, visitor_ip: unknown, extra: Record<string, unknown> = {}) => ({
  event_name: 'Added To Cart',
  event: { product_id: 501 },
  user_id,
  visitor_ip,
  ...extra,
});

/** Real budgets of `perHour` new visitors an address, on a fixed clock; `counted` is what they were told. */
function budgets(perHour = 10) {
  const counted: string[] = [];
  const now = Date.parse('2026-11-27T16:10:00Z');
  const newVisitors = new NewVisitors(
    perHour,
    undefined,
    (result, n, client) => counted.push(`${result} ${n} ${client}`),
    () => now,
  );
  return { newVisitors, counted };
}

describe('takeShopperVisitors(bodies, vouchers, newVisitors)', () => {
  it("takes each event's new visitor from its shopper's address, not from the shop server's that posted it", async () => {
    const { newVisitors, counted } = budgets();
    await takeShopperVisitors(
      [event('shopper-a-0001', '203.0.113.9'), event('shopper-b-0002', '2001:db8:1:2::5')],
      vouchers,
      newVisitors,
    );
    assert.deepEqual(counted, ['taken 1 203.0.113.9', 'taken 1 2001:db8:1:2::/64']);
  });

  it('spares a visitor whose voucher the relay made: a known shopper costs the address nothing', async () => {
    const { newVisitors, counted } = budgets();
    const voucher = vouchers.voucherOf('shopper-a-0001');
    await takeShopperVisitors(
      [event('shopper-a-0001', '203.0.113.9', { visitor_voucher: voucher })],
      vouchers,
      newVisitors,
    );
    assert.deepEqual(counted, []);
  });

  it("takes a visitor whose voucher is another's, a forgery or not text", async () => {
    const { newVisitors, counted } = budgets();
    const others = [vouchers.voucherOf('someone-else'), 'A'.repeat(32), 42, ['x']];
    await takeShopperVisitors(
      others.map((voucher, i) => event(`shopper-${i}-0001`, '203.0.113.9', { visitor_voucher: voucher })),
      vouchers,
      newVisitors,
    );
    assert.equal(counted.length, others.length);
    assert.equal(newVisitors.report().thisHour.taken, others.length);
  });

  it('takes a shopper once an hour from its address, however many of its events the posts hold', async () => {
    const { newVisitors, counted } = budgets(1);
    const cart = [1, 2, 3].map(() => event('shopper-a-0001', '203.0.113.9'));
    await takeShopperVisitors(cart, vouchers, newVisitors);
    await takeShopperVisitors(cart, vouchers, newVisitors);
    assert.deepEqual(counted, ['taken 1 203.0.113.9']);
  });

  it('leaves to the contract an event naming no address, one that is no IP address, or no visitor as text', async () => {
    const { newVisitors, counted } = budgets(1);
    const left = [
      { event_name: 'Added To Cart', user_id: 'shopper-a-0001' },
      event('shopper-a-0001', 'localhost'),
      event('shopper-a-0001', ''),
      event('shopper-a-0001', '203.0.113.999'),
      event('shopper-a-0001', 3405803785),
      event(undefined, '203.0.113.9'),
      event(42, '203.0.113.9'),
      'not an event',
      null,
      [event('shopper-a-0001', '203.0.113.9')],
    ];
    await takeShopperVisitors(left, vouchers, newVisitors);
    assert.deepEqual(counted, []);
  });

  it("refuses the whole post with a 429 and Retry-After once an address's budget is spent, while another address's shoppers go on", async () => {
    const { newVisitors, counted } = budgets(1);
    await assert.rejects(
      takeShopperVisitors(
        [event('shopper-a-0001', '203.0.113.9'), event('shopper-b-0002', '203.0.113.9')],
        vouchers,
        newVisitors,
      ),
      (error: unknown) =>
        error instanceof HttpError &&
        error.status === 429 &&
        error.code === 'too_many_new_visitors' &&
        Number(error.headers['Retry-After']) > 0,
    );
    assert.deepEqual(counted, ['taken 1 203.0.113.9', 'refused_for_address 1 203.0.113.9']);
    await takeShopperVisitors([event('shopper-c-0003', '198.51.100.7')], vouchers, newVisitors);
    assert.equal(counted.at(-1), 'taken 1 198.51.100.7');
  });
});
