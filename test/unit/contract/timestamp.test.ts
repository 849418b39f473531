import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseTimestamp } from '../../../relay/contract/timestamp.js';

const utc = (iso: string) => Date.parse(iso);

describe('parseTimestamp(text)', () => {
  const accepted: [shape: string, text: string, epochMs: number, offsetSeconds: number][] = [
    ['YYYY-MM-DD HH:MM:SS+HH:MM', '2025-03-04 10:20:30+02:00', utc('2025-03-04T08:20:30Z'), 7200],
    ['YYYY-MM-DD HH:MM:SS-HH:MM', '2025-03-04 10:20:30-05:30', utc('2025-03-04T15:50:30Z'), -19800],
    ['YYYY-MM-DD HH:MM:SS.ffffff', '2025-03-04 10:20:30.123456', utc('2025-03-04T10:20:30.123Z'), 0],
    ['YYYY-MM-DD HH:MM:SS', '2025-03-04 10:20:30', utc('2025-03-04T10:20:30Z'), 0],
    ['YYYY-MM-DDTHH:MM:SS+HH:MM', '2025-03-04T10:20:30+00:00', utc('2025-03-04T10:20:30Z'), 0],
    ['YYYY-MM-DDTHH:MM:SS.ffffff', '2025-03-04T10:20:30.000001', utc('2025-03-04T10:20:30Z'), 0],
    ['YYYY-MM-DDTHH:MM:SS', '2025-03-04T10:20:30', utc('2025-03-04T10:20:30Z'), 0],
    ['generic: date only', '2025-03-04', utc('2025-03-04T00:00:00Z'), 0],
    ['generic: hour only', '2025-03-04T10', utc('2025-03-04T10:00:00Z'), 0],
    ['generic: hour and minute', '2025-03-04 10:20', utc('2025-03-04T10:20:00Z'), 0],
    ['generic: 3-digit fraction', '2025-03-04T10:20:30.250', utc('2025-03-04T10:20:30.250Z'), 0],
    ['generic: fraction and offset', '2025-03-04T10:20:30.250+01:00', utc('2025-03-04T09:20:30.250Z'), 3600],
    ['generic: hour with offset', '2025-03-04T10+01:00', utc('2025-03-04T09:00:00Z'), 3600],
    ['generic: offset with seconds', '2025-03-04T10:00:00+01:00:30', utc('2025-03-04T08:59:30Z'), 3630],
    ['generic: offset with microseconds', '2025-03-04T10:00:00+01:00:30.000000', utc('2025-03-04T08:59:30Z'), 3630],
    ['leap day', '2024-02-29 12:00:00', utc('2024-02-29T12:00:00Z'), 0],
    ['offset just under a day', '2025-03-04T10:00:00+23:59', utc('2025-03-03T10:01:00Z'), 86340],
  ];
  for (const [shape, text, epochMs, offsetSeconds] of accepted) {
    it(`accepts ${shape}: ${text}`, () => {
      const result = parseTimestamp(text);
      assert.ok(result.ok, `refused: ${result.ok ? '' : result.reason}`);
      assert.equal(result.value.epochMs, epochMs);
      assert.equal(result.value.offsetSeconds, offsetSeconds);
    });
  }

  it('takes a timestamp without an offset as UTC and says it had none', () => {
    const result = parseTimestamp('2025-03-04 10:20:30');
    assert.ok(result.ok);
    assert.equal(result.value.hasOffset, false);
  });

  it('gives the calendar month as written, not as converted to UTC', () => {
    const result = parseTimestamp('2025-01-31 23:30:00-05:00');
    assert.ok(result.ok);
    assert.equal(result.value.month, '2025-01');
  });

  const refused: [text: string, reason: RegExp][] = [
    ['2023-02-29 10:00:00', /day 29 does not exist in 2023-02/],
    ['2025-04-31', /day 31 does not exist/],
    ['2025-13-01', /month 13/],
    ['2025-00-10', /month 00/],
    ['2025-03-04 24:00:00', /hour 24/],
    ['2025-03-04 10:60:00', /minute 60/],
    ['2025-03-04 10:00:60', /second 60/],
    ['2025-03-04T10:00:00+24:00', /not within ±24 hours/],
    ['2025-03-04T10:00:00+25:00', /not within ±24 hours/],
    ['2025-03-04T10:00:00+01:60', /offset minutes 60/],
    ['2025-03-04T10:00:00Z', /Z for UTC/],
    ['2025-03-04T10:00:00.12', /not one of the service's timestamp shapes/],
    ['2025-03-04T10:00:00.1234', /not one of/],
    ['2025-03-04T10:00:00+0100', /not one of/],
    ['2025-03-04T10:00:00+01', /not one of/],
    ['2025-03-04+01:00', /not one of/],
    ['2025-3-4', /must start with a date/],
    ['04/03/2025', /must start with a date/],
    ['2025-03-04 10:00:00 ', /not one of/],
    ['2025-03-04_10:00:00', /not one of/],
    ['', /must start with a date/],
    ['1741082430', /must start with a date/],
    ['0000-01-01', /year 0000/],
  ];
  for (const [text, reason] of refused) {
    it(`refuses ${JSON.stringify(text)} saying which part is wrong`, () => {
      const result = parseTimestamp(text);
      assert.equal(result.ok, false);
      assert.match(result.ok ? '' : result.reason, reason);
    });
  }
});
