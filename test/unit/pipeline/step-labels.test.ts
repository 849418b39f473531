import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stepLabels } from '../../../relay/pipeline/step-labels.js';
import { order, product, trackingEvent } from '../../helpers/records.js';

describe('stepLabels(kind, raw)', () => {
  it('labels an event by its event_id, its visitor and its name', () => {
    assert.deepEqual(stepLabels('event', { ...trackingEvent(), event_id: 'evt-0001' }), {
      kind: 'event',
      key: 'evt-0001',
      userId: 'u_ada',
      eventName: 'Added To Cart',
    });
  });

  it('keys an order by its order_id and a product by its product_id, written as text', () => {
    assert.deepEqual(stepLabels('order', order()), { kind: 'order', key: '1001' });
    assert.deepEqual(stepLabels('product', product()), { kind: 'product', key: '501' });
    assert.deepEqual(stepLabels('product', product({ product_id: 'SKU-501' })), { kind: 'product', key: 'SKU-501' });
  });

  it("reads only the kind's own key field: an order's product_id or an event's order_id is no key", () => {
    assert.deepEqual(stepLabels('order', { product_id: 501, event_id: 'evt-0001' }), { kind: 'order' });
    assert.deepEqual(stepLabels('event', { order_id: 1001, product_id: 501 }), { kind: 'event' });
  });

  it('labels a body the contract refuses with whatever it can read, numbers as text and 0 among them', () => {
    assert.deepEqual(stepLabels('event', { event_id: 0, user_id: 42, event_name: 7, event: 'no object' }), {
      kind: 'event',
      key: '0',
      userId: '42',
      eventName: '7',
    });
    assert.deepEqual(stepLabels('event', { user_id: 'u_ada', event_name: { name: 'x' }, event_id: ['evt-0001'] }), {
      kind: 'event',
      userId: 'u_ada',
    });
  });

  it('leaves out a field that is empty, missing, null, a boolean or an object', () => {
    assert.deepEqual(stepLabels('event', { event_id: '', user_id: null, event_name: true }), { kind: 'event' });
    assert.deepEqual(stepLabels('order', { order_id: { id: 1 } }), { kind: 'order' });
  });

  it('labels a body that is no object by its kind alone', () => {
    for (const raw of [null, undefined, 'evt-0001', 1001, [{ event_id: 'evt-0001' }]])
      assert.deepEqual(stepLabels('event', raw), { kind: 'event' }, JSON.stringify(raw));
  });

  it('keys an order by a 64-bit order_id the lossless parser read as a bigint', () => {
    assert.deepEqual(stepLabels('order', { order_id: 820982911946154508n }), {
      kind: 'order',
      key: '820982911946154508',
    });
  });
});
