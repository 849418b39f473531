import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { outboxEvent as event, outboxOrder as order } from '../../helpers/outbox-records.js';

/**
 * SqliteOutbox.due reads on from the last record it handed out; these are the ways a
 * record becomes due behind that point, each of which must still be handed out.
 */
describe('SqliteOutbox.due(now, limit, inFlight)', () => {
  let clock = Date.parse('2026-11-22T12:00:00Z');
  let outbox: SqliteOutbox;
  beforeEach(() => {
    outbox = new SqliteOutbox({ dataDir: mkdtempSync(join(tmpdir(), 'sb-outbox-due-')), now: () => clock });
  });
  afterEach(() => outbox.close());

  it('hands out the due records in slices, each after the last handed out, leaving out those in flight', async () => {
    await outbox.enqueue(['1', '2', '3', '4', '5'].map((key) => event(key)));
    const inFlight = new Set<number>();
    const slices: string[][] = [];
    for (let slice = outbox.due(clock, 2, inFlight); slice.length > 0; slice = outbox.due(clock, 2, inFlight)) {
      slices.push(slice.map((r) => r.key));
      for (const r of slice) inFlight.add(r.id);
    }
    assert.deepEqual(slices, [['1', '2'], ['3', '4'], ['5']]);
  });

  it('finds a record made due behind the last handed out: at once after a retry or a requeue, within a second otherwise', async () => {
    await outbox.enqueue([event('early'), event('late')]);
    const [early, late] = outbox.due(clock, 2, new Set());
    outbox.retryLater(early!, clock - 5_000, '503', true);
    assert.deepEqual(
      outbox.due(clock, 2, new Set([late!.id])).map((r) => r.key),
      ['early'],
      'a retry set before the last handed out',
    );
    const behind = clock - 60_000;
    clock = behind;
    await outbox.enqueue([event('clock-set-back')]);
    clock = behind + 60_000;
    const inFlight = new Set([early!.id, late!.id]);
    assert.deepEqual(outbox.due(clock, 2, inFlight), [], 'read on from the last handed out');
    assert.deepEqual(
      outbox.due(clock + 1_000, 2, inFlight).map((r) => r.key),
      ['clock-set-back'],
      'read from the start a second later',
    );
  });

  it('forgets where it read to when a read from the start finds nothing, so a clock set back hides no record', async () => {
    await outbox.enqueue([event('handed-out')]);
    const [handedOut] = outbox.due(clock, 1, new Set());
    outbox.delivered(handedOut!);
    clock -= 60_000;
    assert.deepEqual(outbox.due(clock, 1, new Set()), [], 'a read from the start: nothing due');
    await outbox.enqueue([event('after-the-step')]);
    assert.deepEqual(
      outbox.due(clock, 1, new Set()).map((r) => r.key),
      ['after-the-step'],
    );
  });

  it('hands out at once a body replaced in flight, though a claim during the flight read past its row', async () => {
    await outbox.enqueue([order(9, 'processing')]);
    const [inFlight] = outbox.due(clock, 10, new Set());
    await outbox.enqueue([order(9, 'refunded')]);
    assert.deepEqual(outbox.due(clock, 10, new Set([inFlight!.id])), [], 'its row is in flight');
    outbox.delivered(inFlight!);
    assert.deepEqual(
      outbox.due(clock, 10, new Set()).map((r) => JSON.parse(r.body).status),
      ['refunded'],
    );
  });

  it('hands out at once a body replaced in flight whose older body the service refused for now', async () => {
    await outbox.enqueue([order(9, 'processing')]);
    const [inFlight] = outbox.due(clock, 10, new Set());
    await outbox.enqueue([order(9, 'refunded')]);
    assert.deepEqual(outbox.due(clock, 10, new Set([inFlight!.id])), []);
    outbox.retryLater(inFlight!, clock + 60_000, '503', true);
    assert.deepEqual(
      outbox.due(clock, 10, new Set()).map((r) => JSON.parse(r.body).status),
      ['refunded'],
    );
  });
});
