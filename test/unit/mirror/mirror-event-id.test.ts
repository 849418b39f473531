import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf } from '../../../relay/contract/field-error.js';
import { KINDS } from '../../../relay/contract/kinds.js';
import { mirrorRecord } from '../../../relay/mirror/mirror-event-id.js';
import type { RecordCheck } from '../../../relay/pipeline/accept.js';
import { order, sqlTime, trackingEvent } from '../../helpers/records.js';

/** Years from the machine's clock, so a check measured from `Date.now()` instead of `now` shows. */
const NOW = Date.parse('2031-03-10T12:00:00Z');
const shopper = { visitor_agent: 'Mozilla/5.0', visitor_ip: '203.0.113.9', visitor_voucher: 'v'.repeat(32) };
const completed = (extra: Record<string, unknown> = {}) =>
  trackingEvent(NOW, { event_name: 'Order Completed', event: { order_id: 1001, order_value: 39.8 }, ...extra });

function taken(check: RecordCheck) {
  assert.ok(check.ok, JSON.stringify(!check.ok && check.errors));
  return check.value;
}
function refusals(check: RecordCheck): string[] {
  assert.ok(!check.ok, 'the record was taken');
  return check.errors.map((e) => `${e.path}: ${e.message} (${codeOf(e)})`);
}

describe('mirrorRecord(info, body, now)', () => {
  it("keys a tracking event by its event_id and sends the service the body without it or the shopper's fields", () => {
    const record = taken(
      mirrorRecord(KINDS.event, { ...trackingEvent(NOW), event_id: 'wp-3f9a1c2e7b5d4e6f', ...shopper }, NOW),
    );
    assert.deepEqual(record, { kind: 'event', key: 'mirror-wp-3f9a1c2e7b5d4e6f', body: trackingEvent(NOW) });
  });

  it("gives an event without an event_id a fresh key of the relay's, and still takes the shopper's fields off", () => {
    const first = taken(mirrorRecord(KINDS.event, { ...trackingEvent(NOW), ...shopper }, NOW));
    const second = taken(mirrorRecord(KINDS.event, trackingEvent(NOW), NOW));
    assert.match(first.key, /^relay-[\w-]{21}$/);
    assert.notEqual(first.key, second.key, 'nothing to de-duplicate by');
    assert.deepEqual(first.body, trackingEvent(NOW));
  });

  it('keys an Order Completed by its order, whichever event_id or none it carries', () => {
    const keys = [
      completed({ event_id: 'ps-aaaaaaaaaaaaaaaa' }),
      completed({ event_id: 'wp-bbbbbbbbbbbbbbbb' }),
      completed(),
    ].map((body) => taken(mirrorRecord(KINDS.event, body, NOW)).key);
    assert.deepEqual(keys, ['order-completed-1001', 'order-completed-1001', 'order-completed-1001']);
  });

  it('takes an event_id of 8 to 64 letters, digits, - or _', () => {
    for (const id of ['abcd1234', 'A-_z'.repeat(16)])
      assert.equal(taken(mirrorRecord(KINDS.event, { ...trackingEvent(NOW), event_id: id }, NOW)).key, `mirror-${id}`);
  });

  it('refuses any other event_id by that field alone, before the rest of the event is looked at', () => {
    const bad = ['abc1234', 'a'.repeat(65), 'no spaces allowed', 'wp.3f9a1c2e', 'wp-3f9a1c2e\n', 12345678, null, ''];
    for (const eventId of bad)
      assert.deepEqual(
        refusals(mirrorRecord(KINDS.event, { event_id: eventId, event_name: 42 }, NOW)),
        ['event_id: must be 8 to 64 letters, digits, - or _ (bad_format)'],
        JSON.stringify(eventId),
      );
  });

  it('refuses an event the contract refuses, with or without an event_id, naming its fields', () => {
    const { user_id: _user, ...anonymous } = trackingEvent(NOW);
    assert.deepEqual(refusals(mirrorRecord(KINDS.event, { ...anonymous, event_id: 'wp-3f9a1c2e7b5d4e6f' }, NOW)), [
      'user_id: is required (missing)',
    ]);
    assert.deepEqual(refusals(mirrorRecord(KINDS.event, { ...anonymous, ...shopper }, NOW)), [
      'user_id: is required (missing)',
    ]);
    assert.deepEqual(refusals(mirrorRecord(KINDS.event, ['not', 'an', 'event'], NOW)), [
      ': must be an object (wrong_type)',
    ]);
  });

  it('measures the windows from now, with or without an event_id', () => {
    const old = trackingEvent(NOW, { datetime: sqlTime(NOW - 3 * 365 * 86_400_000) });
    for (const body of [old, { ...old, event_id: 'wp-3f9a1c2e7b5d4e6f' }])
      assert.deepEqual(refusals(mirrorRecord(KINDS.event, body, NOW)), ['datetime: is older than 2 years (too_old)']);
  });

  it("reads an order's 64-bit id exactly, and refuses one beyond a signed 64-bit integer", () => {
    const record = taken(mirrorRecord(KINDS.order, order(NOW, { order_id: 820982911946154508n }), NOW));
    assert.equal(record.key, '820982911946154508');
    assert.equal(record.body['order_id'], 820982911946154508n);
    assert.deepEqual(refusals(mirrorRecord(KINDS.order, order(NOW, { order_id: 2n ** 63n }), NOW)), [
      'order_id: must be an integer from 0 to 2^63-1 (out_of_range)',
    ]);
  });

  it("leaves an order's fields as they are: the relay's event fields are no order's", () => {
    assert.equal(taken(mirrorRecord(KINDS.order, order(NOW), NOW)).key, '1001');
    assert.deepEqual(refusals(mirrorRecord(KINDS.order, { ...order(NOW), visitor_ip: '203.0.113.9' }, NOW)), [
      'visitor_ip: is not a field of this record (unknown_field)',
    ]);
    assert.deepEqual(refusals(mirrorRecord(KINDS.order, { ...order(NOW), event_id: 'wp-3f9a1c2e7b5d4e6f' }, NOW)), [
      'event_id: is not a field of this record (unknown_field)',
    ]);
  });
});
