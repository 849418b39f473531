import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  clockSkew,
  formatEventTime,
  receiptTime,
  shiftTimestamp,
  SKEW_TOLERANCE_MS,
} from '../../../relay/collect/event-time.js';

const now = Date.parse('2026-12-02T10:00:00.000Z');

describe("the event's time", () => {
  it('leaves a page clock within two minutes alone, and measures one further off, behind or ahead', () => {
    assert.deepEqual(
      [
        clockSkew(undefined, now),
        clockSkew(now - SKEW_TOLERANCE_MS, now),
        clockSkew(now - 3_600_000, now),
        clockSkew(now + 600_000, now),
      ],
      [0, 0, 3_600_000, -600_000],
    );
  });

  it("writes an instant on the visitor's wall clock with its offset, and the receipt time in UTC", () => {
    assert.equal(formatEventTime(now, 330), '2026-12-02 15:30:00+05:30');
    assert.equal(formatEventTime(now, -570), '2026-12-02 00:30:00-09:30');
    assert.equal(formatEventTime(now + 999, 0), '2026-12-02 10:00:00+00:00', 'to the second');
    assert.equal(receiptTime(now), '2026-12-02 10:00:00+00:00');
  });

  it('moves a timestamp in the offset it was written in, keeping its milliseconds and its lack of an offset', () => {
    assert.equal(shiftTimestamp('2026-12-02 23:59:30+01:00', 60_000), '2026-12-03 00:00:30+01:00');
    assert.equal(shiftTimestamp('2026-12-02 10:00:00.125', -1_000), '2026-12-02 09:59:59.125');
    assert.equal(shiftTimestamp('2026-12-02 10:00:00', 3_600_000), '2026-12-02 11:00:00');
  });

  it('returns unmoved, a date without a time and text that is no timestamp, for the contract to judge', () => {
    assert.deepEqual(
      [
        shiftTimestamp('2026-12-02 10:00:00+01:00', 0),
        shiftTimestamp('2026-12-02', 60_000),
        shiftTimestamp('next tuesday at noon', 60_000),
      ],
      ['2026-12-02 10:00:00+01:00', '2026-12-02', 'next tuesday at noon'],
    );
  });
});
