import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectEventToRecord, type CollectContext } from '../../../relay/collect/collect-event.js';
import { OrderProof } from '../../../relay/collect/order-proof.js';
import type { PipelineRecord } from '../../../relay/pipeline/pipeline-record.js';

const now = Date.parse('2026-12-02T10:00:00.000Z');
const request: CollectContext = {
  identity: {
    userId: 'anon-visitor-0001',
    sessionId: 'session-0002',
    userCookie: 'anon-visitor-0001',
    sessionStart: now,
  },
  skewMs: 0,
};
const SECRET = 'identity-secret-for-unit-tests-0123456789';
const viewed = { event_name: 'Product Viewed', event: { product_id: 501, name: 'Mug' } };

function recordOf(raw: unknown, context: CollectContext = request): PipelineRecord {
  const result = collectEventToRecord(raw, context, now);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.value;
}
function refusalsOf(raw: unknown): string[] {
  const result = collectEventToRecord(raw, request, now);
  assert.ok(!result.ok, 'the event was taken');
  return result.errors.map((e) => `${e.path}: ${e.message}`);
}

describe('collectEventToRecord(raw, { identity, skewMs }, now)', () => {
  it("fills in the request's visitor, session and time where the browser left them out, and keys the record by its event_id", () => {
    const record = recordOf({ ...viewed, event_id: 'evt-1' });
    assert.deepEqual(record, {
      kind: 'event',
      key: 'evt-1',
      body: {
        event_name: 'Product Viewed',
        event: { product_id: 501, name: 'Mug' },
        user_id: 'anon-visitor-0001',
        session_id: 'session-0002',
        datetime: '2026-12-02 10:00:00+00:00',
      },
    });
  });

  it("keeps the browser's own user and session, reading an older snippet's session cookie as its id", () => {
    const { body } = recordOf({
      ...viewed,
      user_id: 'customer-7',
      session_id: 'sessionABCDEF.1764669600000.1764669600000',
    });
    assert.deepEqual([body['user_id'], body['session_id']], ['customer-7', 'sessionABCDEF']);
  });

  it('moves an event of the session the relay just ended at 24 hours to the new one', () => {
    const ended = { ...request, identity: { ...request.identity, endedSessionId: 'session-old-1' } };
    assert.equal(recordOf({ ...viewed, session_id: 'session-old-1' }, ended).body['session_id'], 'session-0002');
  });

  it("keys a browser's Order Completed by its order only with the shop's proof for that order, and takes the proof off", () => {
    const proven = { ...request, orderProof: new OrderProof(SECRET) };
    const proof = proven.orderProof.proofOf('1001');
    const completed = (event: Record<string, unknown>) => ({
      event_name: 'Order Completed',
      event: { order_id: 1001, order_value: 54.9, currency: 'GBP', ...event },
    });
    const withProof = recordOf({ ...completed({ order_proof: proof }), event_id: 'evt-a' }, proven);
    assert.equal(withProof.key, 'order-completed-1001');
    assert.deepEqual(withProof.body['event'], { order_id: 1001, order_value: 54.9, currency: 'GBP' });
    const helper = recordOf(
      { helper: 1, event_name: 'purchase', event: { order_id: 1001, order_proof: proof } },
      proven,
    );
    assert.equal(helper.key, 'order-completed-1001', "the purchase helper's proof, read before its fields are trimmed");
    for (const [event, context] of [
      [{}, proven],
      [{ order_proof: proven.orderProof.proofOf('1002') }, proven],
      [{ order_proof: proof }, request],
    ] as const) {
      const claim = recordOf({ ...completed(event), event_id: 'evt-b' }, context);
      assert.equal(claim.key, 'order-claim-1001-anon-visitor-0001', JSON.stringify(event));
      assert.ok(!('order_proof' in (claim.body['event'] as object)), 'never sent to the service');
    }
  });

  it("reads a helper's short name and keeps only its catalogued fields, and a click's data-sb-* attributes typed", () => {
    const helper = recordOf({
      helper: 1,
      event_name: 'viewProduct',
      event: { product_id: 501, colour: 'red', name: null },
    });
    assert.deepEqual(
      [helper.body['event_name'], helper.body['event']],
      ['Product Viewed', { quantity: 1, product_id: 501 }],
    );
    const click = recordOf({
      attributes: 1,
      event_name: 'Product Clicked',
      event: { sbProductId: '501', sbPosition: '2', sbList: 'category-3', trk: 'x' },
    });
    assert.deepEqual(click.body['event'], { product_id: 501, position: 2, list_id: 'category-3' });
  });

  it('names every field it refuses at once: the event id, a user id a cookie cannot hold, the page clock and the contract', () => {
    assert.deepEqual(refusalsOf({ ...viewed, event_id: 'evt 1', user_id: 'a;b', captured_at: 'now', event: {} }), [
      'event_id: must be 1 to 64 letters, digits, _ or -',
      'user_id: must be 1 to 128 printable ASCII characters without spaces, quotes, commas, semicolons or backslashes',
      'captured_at: must be epoch milliseconds (an integer)',
      'event.product_id: is required',
    ]);
    assert.deepEqual(refusalsOf([viewed]), [': must be an event object']);
  });
});
