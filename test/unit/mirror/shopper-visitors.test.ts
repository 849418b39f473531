import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../../relay/http/http-error.js';
import { judgeShopperVisitors, type Poster } from '../../../relay/mirror/shopper-visitors.js';
import { testDoor } from '../../helpers/visitor-door.js';

const event = (user_id: unknown, visitor_ip: unknown, extra: Record<string, unknown> = {}) => ({
  event_name: 'Added To Cart',
  event: { product_id: 501 },
  user_id,
  visitor_ip,
  ...extra,
});
const now = Date.parse('2026-11-27T16:10:00Z');
const plugin: Poster = { ip: '192.0.2.80', admin: false };
const backend: Poster = { ip: '192.0.2.80', admin: true };

/** A real door of `perHour` visitors an address, on a fixed clock; `counted` is what it was told. */
function door(perHour = 10) {
  const counted: string[] = [];
  const built = testDoor(
    { perHour },
    { now: () => now, onCount: (result, n, client) => counted.push(`${result} ${n} ${client}`) },
  );
  return { ...built, counted };
}

describe('judgeShopperVisitors(bodies, newVisitors, poster, now)', () => {
  it("takes each event's visitor from its shopper's address, not from the shop server's that posted it", async () => {
    const d = door();
    try {
      await judgeShopperVisitors(
        [event('shopper-a-0001', '203.0.113.9'), event('shopper-b-0002', '2001:db8:1:2::5')],
        d.newVisitors,
        plugin,
        now,
      );
      assert.deepEqual(d.counted, ['taken 1 203.0.113.9', 'taken 1 2001:db8:1:2::/64']);
    } finally {
      d.close();
    }
  });

  it('takes a shopper once a month, however many of its events the posts hold, and weighs no voucher either way', async () => {
    const d = door(1);
    try {
      const cart = [1, 2, 3].map(() => event('shopper-a-0001', '203.0.113.9', { visitor_voucher: 'A'.repeat(32) }));
      await judgeShopperVisitors(cart, d.newVisitors, plugin, now);
      await judgeShopperVisitors(cart, d.newVisitors, plugin, now);
      assert.deepEqual(d.counted, ['taken 1 203.0.113.9']);
      await assert.rejects(
        judgeShopperVisitors(
          [event('shopper-b-0002', '203.0.113.9', { visitor_voucher: 'B'.repeat(32) })],
          d.newVisitors,
          plugin,
          now,
        ),
        (error: unknown) => error instanceof HttpError && error.status === 429,
      );
    } finally {
      d.close();
    }
  });

  it("charges an event naming no shopper's address to the plugin's server, and leaves the admin key's to the ceiling alone", async () => {
    const d = door(10);
    try {
      const addressless = [
        { event_name: 'Added To Cart', user_id: 'shopper-a-0001' },
        event('shopper-b-0002', 'localhost'),
        event('shopper-c-0003', '203.0.113.999'),
        event('shopper-d-0004', 3405803785),
      ];
      await judgeShopperVisitors(addressless, d.newVisitors, backend, now);
      assert.deepEqual(d.counted, ['taken 1 undefined', 'taken 1 undefined', 'taken 1 undefined', 'taken 1 undefined']);
      d.counted.length = 0;
      await judgeShopperVisitors(
        addressless.map((e) => ({ ...e, user_id: `${String(e.user_id)}-plugin` })),
        d.newVisitors,
        plugin,
        now,
      );
      assert.deepEqual(d.counted, Array(4).fill('taken 1 192.0.2.80'));
    } finally {
      d.close();
    }
  });

  it('leaves to the contract an event naming no visitor as text, or no event at all', async () => {
    const d = door(1);
    try {
      const left = [
        event(undefined, '203.0.113.9'),
        event(42, '203.0.113.9'),
        event('', '203.0.113.9'),
        'not an event',
        null,
        [event('x', '203.0.113.9')],
      ];
      assert.deepEqual(
        await judgeShopperVisitors(left, d.newVisitors, plugin, now),
        Array(left.length).fill(undefined),
      );
      assert.deepEqual(d.counted, []);
    } finally {
      d.close();
    }
  });

  it("refuses a plugin's event of a month already settled for a visitor not billed in it, and passes the admin key's history", async () => {
    const d = door();
    try {
      const old = [event('shopper-a-0001', '203.0.113.9', { datetime: '2026-10-03 10:00:00' })];
      const [refused] = await judgeShopperVisitors(old, d.newVisitors, plugin, now);
      assert.match(refused?.[0]?.message ?? '', /^is in 2026-10, a month that ended more than an hour ago/);
      assert.deepEqual(await judgeShopperVisitors(old, d.newVisitors, backend, now), [undefined]);
    } finally {
      d.close();
    }
  });

  it("refuses the whole post with a 429 and Retry-After once an address's budget is spent, while another address's shoppers go on", async () => {
    const d = door(1);
    try {
      await assert.rejects(
        judgeShopperVisitors(
          [event('shopper-a-0001', '203.0.113.9'), event('shopper-b-0002', '203.0.113.9')],
          d.newVisitors,
          plugin,
          now,
        ),
        (error: unknown) =>
          error instanceof HttpError &&
          error.status === 429 &&
          error.code === 'too_many_new_visitors' &&
          Number(error.headers['Retry-After']) > 0,
      );
      assert.deepEqual(d.counted, ['taken 1 203.0.113.9', 'refused_for_address 1 203.0.113.9']);
      await judgeShopperVisitors([event('shopper-c-0003', '198.51.100.7')], d.newVisitors, plugin, now);
      assert.equal(d.counted.at(-1), 'taken 1 198.51.100.7');
    } finally {
      d.close();
    }
  });
});
