import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectEventTime } from '../../../relay/collect/collect-time.js';

const now = Date.parse('2026-12-02T10:00:00.000Z');
const problems = (fields: Record<string, unknown>) =>
  collectEventTime(fields, 0, now).errors.map((e) => `${e.path}: ${e.message}`);

describe('collectEventTime(fields, skewMs, now)', () => {
  it("writes the page clock's instant on the visitor's wall clock, moved by the batch's skew", () => {
    const capturedAt = Date.parse('2026-11-30T23:30:00.000Z');
    assert.deepEqual(collectEventTime({ captured_at: capturedAt, utc_offset: 60 }, 0, now), {
      datetime: '2026-12-01 00:30:00+01:00',
      errors: [],
    });
    assert.equal(collectEventTime({ captured_at: capturedAt }, 90_000, now).datetime, '2026-11-30 23:31:30+00:00');
    assert.equal(
      collectEventTime({ captured_at: capturedAt, utc_offset: -570 }, 0, now).datetime,
      '2026-11-30 14:00:00-09:30',
    );
  });

  it('moves a datetime the sender wrote by the skew in its own offset, and stamps an event with neither at receipt', () => {
    assert.equal(
      collectEventTime({ datetime: '2026-12-02 11:00:00.250+01:00' }, -60_000, now).datetime,
      '2026-12-02 10:59:00.250+01:00',
    );
    assert.equal(
      collectEventTime({ datetime: '2026-12-02' }, -60_000, now).datetime,
      '2026-12-02',
      'a date alone is left to the contract',
    );
    assert.equal(collectEventTime({}, 5_000, now).datetime, '2026-12-02 10:00:00+00:00');
    assert.equal(
      collectEventTime({ datetime: 12 }, 0, now).datetime,
      12,
      'a wrong type is left to the contract to name',
    );
  });

  it('names the field of a page clock it cannot believe', () => {
    assert.deepEqual(problems({ captured_at: now, datetime: '2026-12-02 10:00:00' }), [
      'captured_at: must not be sent together with datetime',
    ]);
    assert.deepEqual(problems({ captured_at: '1764669600000' }), [
      'captured_at: must be epoch milliseconds (an integer)',
    ]);
    assert.deepEqual(problems({ captured_at: now + 0.5 }), ['captured_at: must be epoch milliseconds (an integer)']);
    assert.deepEqual(problems({ captured_at: now - 51 * 365 * 86_400_000 }), [
      'captured_at: is not within 50 years of now',
    ]);
    assert.deepEqual(problems({ utc_offset: 60 }), ['utc_offset: is only read with captured_at']);
  });

  it('takes the offsets places use, from -12:00 to +14:00 in whole minutes, and no other', () => {
    const offsetProblems = [-720, 840, -721, 841, 30.5, '60'].map(
      (utc_offset) => problems({ captured_at: now, utc_offset }).length,
    );
    assert.deepEqual(offsetProblems, [0, 0, 1, 1, 1, 1]);
    assert.match(
      problems({ captured_at: now, utc_offset: 900 })[0] ?? '',
      /^utc_offset: must be whole minutes east of UTC, from -720 to 840/,
    );
  });
});
