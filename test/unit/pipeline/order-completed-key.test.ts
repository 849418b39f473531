import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { completedOrderId, trackingEventKey } from '../../../relay/pipeline/order-completed-key.js';

const completed = (order_id: unknown) => ({ event_name: 'Order Completed', event: { order_id } });

describe("an Order Completed's key", () => {
  it('is its order whoever sends it, so the service hears of each order once', () => {
    assert.equal(trackingEventKey(completed(1001), 'evt-a'), 'order-completed-1001');
    assert.equal(trackingEventKey(completed('1001'), 'evt-b'), 'order-completed-1001');
    assert.equal(trackingEventKey(completed(820982911946154508n), 'evt-c'), 'order-completed-820982911946154508');
  });

  it("keeps the source's own key for any other event, and for an order id that is not digits", () => {
    assert.equal(trackingEventKey({ event_name: 'Product Viewed', event: { order_id: 1 } }, 'evt-a'), 'evt-a');
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
