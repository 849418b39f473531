import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NewVisitorRise, type RiseAlarm } from '../../../relay/collect/new-visitor-rise.js';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';

const WINDOW = 10 * 60_000;

/** A rise detector over a real ledger, on a clock the test moves, with the alarms it raised; `restart` builds it again on the same file. */
function detector(dataDir = mkdtempSync(join(tmpdir(), 'sb-rise-'))) {
  const clock = { now: Date.parse('2026-12-02T00:00:00Z') };
  const alarms: RiseAlarm[] = [];
  let ledger = new SqliteVisitorLedger(dataDir);
  let rise = new NewVisitorRise(ledger, (alarm) => alarms.push(alarm));
  const take = async (n: number, source = '198.51.100.1') => {
    for (let i = 0; i < n; i += 1) await rise.taken(source, clock.now);
  };
  return {
    clock,
    alarms,
    rise: () => rise,
    take,
    restart: () => {
      ledger.close();
      ledger = new SqliteVisitorLedger(dataDir);
      rise = new NewVisitorRise(ledger, (alarm) => alarms.push(alarm));
    },
    close: () => ledger.close(),
  };
}

describe('NewVisitorRise (relay/collect/new-visitor-rise.ts)', () => {
  it("raises one alarm a window once new visitors pass five times the shop's rate of the last day, naming the sources that brought most", async () => {
    const d = detector();
    try {
      for (let w = 0; w < 12; w += 1) {
        await d.take(20);
        d.clock.now += WINDOW;
      }
      await d.take(99, '203.0.113.7');
      assert.equal(d.alarms.length, 0, '99 is under 5 × 20');
      await d.take(1, '2001:db8:1:2::');
      await d.take(30, '203.0.113.7');
      assert.equal(d.alarms.length, 1);
      assert.deepEqual(d.alarms[0], {
        count: 100,
        baseline: 20,
        top: [
          { source: '203.0.113.7', count: 99 },
          { source: '2001:db8:1:2::', count: 1 },
        ],
      });
      assert.equal((await d.rise().report(d.clock.now)).rising, true);
      d.clock.now += WINDOW;
      const next = await d.rise().report(d.clock.now);
      assert.deepEqual([next.rising, next.current], [false, 0]);
    } finally {
      d.close();
    }
  });

  it('compares a fresh shop with the floor of 50 alone, and a quiet one too', async () => {
    const d = detector();
    try {
      await d.take(49);
      assert.equal(d.alarms.length, 0);
      await d.take(1);
      assert.equal(d.alarms.length, 1, 'no window ended yet, yet no blind spot');
      d.clock.now += 7 * WINDOW;
      assert.equal((await d.rise().report(d.clock.now)).baseline, 50, 'windows without a new visitor are left out');
    } finally {
      d.close();
    }
  });

  it('keeps its windows across a restart: an attack spanning one is judged against the day before, not against nothing', async () => {
    const d = detector();
    try {
      for (let w = 0; w < 6; w += 1) {
        await d.take(10);
        d.clock.now += WINDOW;
      }
      await d.take(30, '198.18.0.1');
      d.restart();
      assert.equal((await d.rise().report(d.clock.now)).baseline, 10);
      await d.take(20, '198.18.0.2');
      assert.equal(d.alarms.length, 1, '30 before the restart and 20 after: 50 in the window');
      assert.equal(d.alarms[0]?.count, 50);
    } finally {
      d.close();
    }
  });

  it('takes its baseline from the last windows that had new visitors, so a day the relay skipped (down, or a clock stepped ahead) is not a day of zeros', async () => {
    const d = detector();
    try {
      for (let w = 0; w < 6; w += 1) {
        await d.take(40);
        d.clock.now += WINDOW;
      }
      d.clock.now += 86_400_000;
      await d.take(60);
      assert.equal(d.alarms.length, 0, '60 against 40 a window');
      assert.equal((await d.rise().report(d.clock.now)).baseline, 40);
    } finally {
      d.close();
    }
  });
});
