import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { completedOrderId, orderCompletedKey, trackingEventKey } from '../../../relay/pipeline/order-completed-key.js';

const completed = (order_id: unknown, user_id = 'visitor-1') => ({
  event_name: 'Order Completed',
  user_id,
  event: { order_id },
});

describe("an Order Completed's key", () => {
  it('is its order when the shop speaks for it, however the id is written, so the service hears of each order once', () => {
    assert.equal(trackingEventKey(completed(1001), 'evt-a', 'shop'), 'order-completed-1001');
    assert.equal(trackingEventKey(completed('1001'), 'evt-b', 'shop'), 'order-completed-1001');
    assert.equal(
      trackingEventKey(completed(820982911946154508n), 'evt-c', 'shop'),
      'order-completed-820982911946154508',
    );
  });

  it("is the order and the visitor for a browser's unproven claim: once per visitor, and never the order's own key", () => {
    assert.equal(trackingEventKey(completed(1001, 'anon-42'), 'evt-a', 'unproven browser'), 'order-claim-1001-anon-42');
    assert.equal(
      trackingEventKey(completed('1001', 'anon-42'), 'evt-b', 'unproven browser'),
      trackingEventKey(completed(1001, 'anon-42'), 'evt-c', 'unproven browser'),
      "Shopify's second checkout_completed, a reloaded thank-you page",
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.string({ minLength: 1, maxLength: 128 }),
        (id, user) => {
          const claim = trackingEventKey(completed(id, user), 'evt', 'unproven browser');
          assert.notEqual(claim, orderCompletedKey(String(id)));
          assert.ok(!claim.startsWith('order-completed-'));
        },
      ),
    );
  });

  it("keeps the source's own key for any other event, and for an order id that is not digits", () => {
    assert.equal(trackingEventKey({ event_name: 'Product Viewed', event: { order_id: 1 } }, 'evt-a', 'shop'), 'evt-a');
    assert.equal(trackingEventKey(completed('ORD-7'), 'evt-b', 'unproven browser'), 'evt-b');
    assert.deepEqual(
      [
        completed('ORD-7'),
        completed(1.5),
        completed(-3),
        completed(null),
        { event_name: 'Order Completed', event: 'x' },
      ].map((body) => completedOrderId(body)),
      [undefined, undefined, undefined, undefined, undefined],
    );
  });
});
