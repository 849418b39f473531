import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { KINDS } from '../../../relay/contract/kinds.js';
import { outboxKey, seenIdOf } from '../../../relay/outbox/outbox-key.js';

describe('outboxKey(info, body)', () => {
  it('keys an order by its order_id and a product by its product_id, as text, so a repeat coalesces with the queued one', () => {
    assert.equal(outboxKey(KINDS.order, { order_id: 7, status: 'processing' }), '7');
    assert.equal(
      outboxKey(KINDS.order, { order_id: 7, status: 'completed' }),
      outboxKey(KINDS.order, { order_id: 7, status: 'processing' }),
    );
    assert.equal(outboxKey(KINDS.product, { product_id: 'SKU-1', name: 'Mug' }), 'SKU-1');
    assert.equal(
      outboxKey(KINDS.order, { order_id: 12345678901234567890n }),
      '12345678901234567890',
      'a big integer whole',
    );
  });

  it('gives an event, which has no identity, a fresh relay- id every time: two such events never coalesce', () => {
    const body = { user_id: 'u', event_name: 'X', event: {}, datetime: '2026-11-02 10:00:00+01:00' };
    const keys = Array.from({ length: 200 }, () => outboxKey(KINDS.event, body));
    for (const key of keys) assert.match(key, /^relay-[A-Za-z0-9_-]{21}$/);
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe('seenIdOf(record)', () => {
  it("is an event's key, its event_id, whatever dedupeId it carries", () => {
    assert.equal(seenIdOf({ kind: 'event', key: 'evt-1' }), 'evt-1');
    assert.equal(seenIdOf({ kind: 'event', key: 'evt-1', dedupeId: 'ignored' }), 'evt-1');
  });

  it("is an order's or product's delivery id, never its key: the same order again is coalesced, not a duplicate", () => {
    assert.equal(seenIdOf({ kind: 'order', key: '7', dedupeId: 'shopify:9f3c' }), 'shopify:9f3c');
    assert.equal(seenIdOf({ kind: 'product', key: 'SKU-1', dedupeId: 'woocommerce:41' }), 'woocommerce:41');
    assert.equal(seenIdOf({ kind: 'order', key: '7' }), undefined);
    assert.equal(seenIdOf({ kind: 'product', key: 'SKU-1' }), undefined);
  });
});
