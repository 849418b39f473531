import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';
import type { Budget } from '../../../relay/collect/visitor-budgets.js';
import type { MonthVisitor } from '../../../relay/collect/visitor-ledger.js';

const now = Date.parse('2026-12-10T12:00:00Z');
const dataDir = () => mkdtempSync(join(tmpdir(), 'sb-ledger-'));
const visitor = (userId: string, month = '2026-12'): MonthVisitor => ({
  userId,
  month,
  previous: month === '2026-12' ? '2026-11' : '2026-12',
  keepUntil: Date.parse('2027-02-03T00:00:00Z'),
});
const budget = (key: string, limit: number, keepUntil = now + 3_600_000): Budget => ({
  key,
  limit,
  endsAt: keepUntil,
  keepUntil,
  scope: { kind: 'address', network: key, bits: 32, window: 'hour' },
});

describe('SqliteVisitorLedger (relay/collect/sqlite-visitor-ledger.ts)', () => {
  it('admits a visitor once a month, counting it against every budget, and knows it billed after', () => {
    const ledger = new SqliteVisitorLedger(dataDir());
    try {
      const budgets = [budget('a', 2), budget('shop', Infinity)];
      assert.deepEqual(ledger.admit(visitor('v1'), budgets, now), {
        status: 'admitted',
        returning: false,
        counts: [1, 1],
      });
      assert.deepEqual(ledger.admit(visitor('v1'), budgets, now), { status: 'billed' });
      assert.equal(ledger.billed('2026-12', 'v1'), true);
      assert.equal(ledger.billed('2026-12', 'v2'), false);
      assert.deepEqual(ledger.admit(visitor('v1', '2027-01'), budgets, now), {
        status: 'admitted',
        returning: true,
        counts: [2, 2],
      });
      assert.deepEqual(ledger.counts(['a', 'shop', 'never']), [2, 2, 0]);
    } finally {
      ledger.close();
    }
  });

  it('refuses a visitor that would overspend any budget, naming the full ones, and counts nothing', () => {
    const ledger = new SqliteVisitorLedger(dataDir());
    try {
      ledger.admit(visitor('v1'), [budget('a', 1), budget('b', 5)], now);
      assert.deepEqual(ledger.admit(visitor('v2'), [budget('b', 5), budget('a', 1), budget('c', 0)], now), {
        status: 'refused',
        full: [1, 2],
      });
      assert.deepEqual(ledger.counts(['a', 'b', 'c']), [1, 1, 0]);
      assert.equal(ledger.billed('2026-12', 'v2'), false);
    } finally {
      ledger.close();
    }
  });

  it('keeps who was billed, every count and the latest time across a restart', () => {
    const dir = dataDir();
    const first = new SqliteVisitorLedger(dir);
    first.admit(visitor('v1'), [budget('a', 1)], now);
    first.note(now + 5_000);
    first.note(now + 1_000);
    first.close();
    const again = new SqliteVisitorLedger(dir);
    try {
      assert.equal(again.latest(), now + 5_000, 'a later time is never replaced by an earlier one');
      assert.deepEqual(again.admit(visitor('v1'), [budget('a', 1)], now), { status: 'billed' });
      assert.deepEqual(again.admit(visitor('v2'), [budget('a', 1)], now), { status: 'refused', full: [0] });
      assert.equal(again.add('rise:x', 3, now + 3_600_000), 3);
      assert.equal(again.add('rise:x', 1, now + 3_600_000), 4);
    } finally {
      again.close();
    }
  });

  it("commits a turn's admissions together on the next turn, where another connection finds them", async () => {
    const dir = dataDir();
    const [writer, reader] = [new SqliteVisitorLedger(dir), new SqliteVisitorLedger(dir)];
    try {
      writer.admit(visitor('v1'), [budget('a', 5)], now);
      writer.admit(visitor('v2'), [budget('a', 5)], now);
      assert.deepEqual([writer.billed('2026-12', 'v2'), reader.billed('2026-12', 'v2')], [true, false]);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual([reader.billed('2026-12', 'v1'), reader.counts(['a'])], [true, [2]]);
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('forgets, at the first admission of a later hour, the counters past keeping and the months past keeping', () => {
    const ledger = new SqliteVisitorLedger(dataDir());
    try {
      ledger.admit(visitor('v1', '2026-11'), [budget('old', 5, now + 1_000)], now);
      ledger.admit({ ...visitor('v2', '2026-10'), keepUntil: now + 1_000 }, [], now);
      const later = now + 2 * 3_600_000;
      ledger.admit(visitor('v3'), [budget('new', 5, later + 3_600_000)], later);
      assert.deepEqual(ledger.counts(['old', 'new']), [0, 1]);
      assert.equal(ledger.billed('2026-10', 'v2'), false);
      assert.equal(ledger.billed('2026-11', 'v1'), true, 'a month still kept');
    } finally {
      ledger.close();
    }
  });
});
