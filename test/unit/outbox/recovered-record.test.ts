import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RECORD_COLUMNS, recordFromPage, recoveredRecord } from '../../../relay/outbox/recovered-record.js';

const body = JSON.stringify({ user_id: 'u1', event_name: 'Added To Cart', event: { name: 'Mug ☕' } });

/** A row as the outbox writes it: every column what the relay puts there. */
const row = {
  id: 7,
  kind: 'event',
  key: 'evt-1',
  body,
  bytes: Buffer.byteLength(body),
  state: 'queued',
  attempts: 2,
  version: 1,
  next_attempt_at: 1_700_000_000_000,
  created_at: 1_699_999_000_000,
  last_error: '503 busy',
  visitor: '2026-12\tu1',
};

describe('recoveredRecord(row)', () => {
  it('keeps a row the outbox wrote, queued or dead, with or without its error and visitor', () => {
    assert.deepEqual(recoveredRecord(row), row);
    const dead = { ...row, state: 'dead', last_error: null, visitor: null };
    assert.deepEqual(recoveredRecord(dead), dead);
    const { visitor: _, ...older } = row;
    assert.deepEqual(recoveredRecord(older), { ...row, visitor: null }, 'a row from before the visitor column');
  });

  it('refuses a row any column of which holds what the relay never writes there', () => {
    const wrong: Record<string, unknown>[] = [
      { id: 0 },
      { id: 1.5 },
      { kind: 'refund' },
      { kind: 'toString' },
      { key: 3 },
      { body: Buffer.from(body) },
      { bytes: Buffer.byteLength(body) - 1 },
      { body: body.slice(0, -1), bytes: Buffer.byteLength(body) - 1 },
      { body: '[1]', bytes: 3 },
      { state: 'delivered' },
      { attempts: null },
      { version: '1' },
      { next_attempt_at: 2n ** 60n },
      { created_at: 1.25 },
      { last_error: 5 },
      { visitor: Buffer.from('x') },
    ];
    for (const change of wrong)
      assert.equal(recoveredRecord({ ...row, ...change }), undefined, JSON.stringify(Object.keys(change)));
  });
});

describe('recordFromPage(rowid, values)', () => {
  const values = RECORD_COLUMNS.map((column) => (column === 'id' ? null : row[column]));

  it('reads the values in the column order of the table, the rowid as the id, eleven of them as a row from before the visitor column', () => {
    assert.deepEqual(recordFromPage(7, values), row);
    assert.deepEqual(recordFromPage(9, values.slice(0, -1)), { ...row, id: 9, visitor: null });
  });

  it('refuses a row of another table: another number of values, or an id stored in the record', () => {
    assert.equal(recordFromPage(7, values.slice(0, 5)), undefined);
    assert.equal(recordFromPage(7, [...values, 'extra']), undefined);
    assert.equal(recordFromPage(7, [7, ...values.slice(1)]), undefined);
    assert.equal(recordFromPage(1, ['table', 'records', 'records', 3, 'CREATE TABLE records (…)']), undefined);
  });
});
