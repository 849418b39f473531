import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { settledMonthErrors } from '../../../relay/collect/browser-window.js';

const at = (iso: string) => Date.parse(iso);

describe('settledMonthErrors', () => {
  it("refuses a new visitor's event in a month that ended more than an hour before it came, on the event's own clock", () => {
    const firstOfDecember = at('2026-12-01T06:00:00Z');
    assert.deepEqual(
      settledMonthErrors('2026-11-29 08:00:00+00:00', firstOfDecember).map((e) => [e.path, e.message.slice(0, 16)]),
      [['datetime', 'is in 2026-11, a']],
      'dated 46 hours back, inside the browser window, but November was settled at midnight',
    );
    assert.deepEqual(
      settledMonthErrors('2026-11-30 23:59:00+00:00', at('2026-12-01T00:59:00Z')),
      [],
      'a beacon in flight at midnight',
    );
    assert.equal(settledMonthErrors('2026-11-30 23:59:00+00:00', at('2026-12-01T01:00:01Z')).length, 1);
  });

  it("ends a month at midnight of the offset it is written in: Tokyo's November ended at 15:00 UTC", () => {
    assert.equal(settledMonthErrors('2026-11-30 23:00:00+09:00', at('2026-11-30T16:30:00Z')).length, 1);
    assert.deepEqual(
      settledMonthErrors('2026-11-30 23:00:00-08:00', at('2026-12-01T08:30:00Z')),
      [],
      'Los Angeles: November ends at 08:00 UTC',
    );
    assert.deepEqual(settledMonthErrors('2026-12-01 10:00:00+00:00', at('2026-12-01T11:00:00Z')), [], 'this month');
  });
});
