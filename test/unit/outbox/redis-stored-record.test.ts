import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromFields, toFields } from '../../../relay/outbox/redis-stored-record.js';
import { unpackVisitor } from '../../../relay/outbox/visitor-field.js';

const body = JSON.stringify({
  user_id: 'ann',
  event_name: 'Added To Cart',
  event: {},
  datetime: '2026-10-31 23:30:00-02:00',
});
const fields = [
  'kind',
  'event',
  'key',
  'e1',
  'body',
  body,
  'bytes',
  String(body.length),
  'createdAt',
  '1',
  'attempts',
  '0',
  'version',
  '0',
];

describe('fromFields(fields)', () => {
  it('reads the visitor an earlier version did not store from the event body, in the month its datetime is written in', () => {
    assert.deepEqual(unpackVisitor(fromFields(fields).visitor), { userId: 'ann', month: '2026-10' });
  });

  it('takes the visitor field as stored, and gives orders none', () => {
    assert.equal(fromFields([...fields, 'visitor', '2026-11\tbob']).visitor, '2026-11\tbob');
    assert.equal(fromFields(['kind', 'order', 'key', '7', 'body', '{"order_id":7}']).visitor, '');
  });

  it('gives a dead letter an earlier version kept without a visitor its visitor when it is requeued', () => {
    const letter = JSON.parse(
      JSON.stringify({ kind: 'event', key: 'e1', body, bytes: body.length, createdAt: 1, attempts: 3, version: 0 }),
    ) as Parameters<typeof toFields>[0];
    assert.deepEqual(unpackVisitor(fromFields(toFields(letter)).visitor), { userId: 'ann', month: '2026-10' });
  });

  it('writes back what it read (a requeued dead letter keeps its visitor)', () => {
    const stored = fromFields([...fields, 'visitor', '2026-11\tbob']);
    assert.deepEqual(fromFields(toFields(stored)), { ...stored, attempts: 0 });
  });
});
