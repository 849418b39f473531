import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { judgeEventVisitors } from '../../../relay/collect/event-visitors.js';
import { NewVisitors } from '../../../relay/collect/new-visitors.js';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';
import { HttpError } from '../../../relay/http/http-error.js';

const now = Date.parse('2026-12-01T03:00:00Z');

function door(perHour: number, maxPerMonth?: number) {
  const ledger = new SqliteVisitorLedger(mkdtempSync(join(tmpdir(), 'sb-events-')));
  const visitors = new NewVisitors({
    ledger,
    limits: { perHour, perDay: 0, maxPerMonth, maxPerDay: undefined },
    now: () => now,
  });
  return { ledger, visitors };
}

describe('judgeEventVisitors(newVisitors, events, now, settledMonths)', () => {
  it('judges each visitor of a month once, leaves out events refused already, and refuses events by their visitor', async () => {
    const { ledger, visitors } = door(10, 1);
    try {
      const ip = '203.0.113.9';
      const errors = await judgeEventVisitors(
        visitors,
        [
          { userId: 'a', datetime: '2026-12-01 02:00:00', ip },
          undefined,
          { userId: 'a', datetime: '2026-12-01 02:30:00+01:00', ip },
          { userId: 'b', datetime: '2026-12-01 02:00:00', ip },
        ],
        now,
        'refused',
      );
      assert.deepEqual(
        errors.map((e) => e?.map((error) => error.path)),
        [undefined, undefined, undefined, ['user_id']],
        "b is past the month's ceiling of 1",
      );
    } finally {
      ledger.close();
    }
  });

  it("refuses a visitor not billed in a settled month, or passes the shop's own history of it", async () => {
    const { ledger, visitors } = door(10);
    try {
      const old = [{ userId: 'h', datetime: '2026-10-15 12:00:00', ip: undefined }];
      const [refused] = await judgeEventVisitors(visitors, old, now, 'refused');
      assert.match(refused?.[0]?.message ?? '', /^is in 2026-10, a month that ended more than an hour ago/);
      assert.deepEqual(await judgeEventVisitors(visitors, old, now, 'passed'), [undefined]);
    } finally {
      ledger.close();
    }
  });

  it('throws the 429 of the first visitor over its address budget, keeping those taken before it', async () => {
    const { ledger, visitors } = door(1);
    try {
      const ip = '203.0.113.9';
      const batch = [
        { userId: 'first', datetime: undefined, ip },
        { userId: 'second', datetime: undefined, ip },
      ];
      await assert.rejects(
        judgeEventVisitors(visitors, batch, now, 'refused'),
        (e: unknown) => e instanceof HttpError && e.status === 429,
      );
      assert.equal(ledger.billed('2026-12', 'first'), true, 'sent again, it costs nothing twice');
    } finally {
      ledger.close();
    }
  });
});
