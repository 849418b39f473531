import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NewVisitorRise, type RiseAlarm } from '../../../relay/collect/new-visitor-rise.js';

const WINDOW = 10 * 60_000;

/** A rise detector on a clock the test moves, with the alarms it raised. */
function detector() {
  const clock = { now: Date.parse('2026-12-02T00:00:00Z') };
  const alarms: RiseAlarm[] = [];
  const rise = new NewVisitorRise(
    (alarm) => alarms.push(alarm),
    () => clock.now,
  );
  const take = (n: number, source = '198.51.100.1') => {
    for (let i = 0; i < n; i += 1) rise.taken(source);
  };
  return { clock, alarms, rise, take };
}

describe('NewVisitorRise', () => {
  it("raises one alarm a window once new visitors pass five times the shop's rate of the last day, naming the sources that brought most", () => {
    const { clock, alarms, rise, take } = detector();
    for (let w = 0; w < 12; w += 1) {
      take(20);
      clock.now += WINDOW;
    }
    take(99, '203.0.113.7');
    assert.equal(alarms.length, 0, '99 is under 5 × 20');
    take(1, '2001:db8:1:2::');
    take(30, '203.0.113.7');
    assert.equal(alarms.length, 1);
    assert.deepEqual(alarms[0], {
      count: 100,
      baseline: 20,
      top: [
        { source: '203.0.113.7', count: 99 },
        { source: '2001:db8:1:2::', count: 1 },
      ],
    });
    assert.equal(alarms.length, 1, 'once a window');
    assert.equal(rise.report().rising, true);
    clock.now += WINDOW;
    assert.equal(rise.report().rising, false);
    assert.equal(rise.report().current, 0);
  });

  it('never alarms before a window has ended to compare with, nor below 50 new visitors in a window', () => {
    const first = detector();
    first.take(500);
    assert.deepEqual([first.alarms.length, first.rise.report().baseline], [0, null]);
    const quiet = detector();
    quiet.take(14);
    quiet.clock.now += 7 * WINDOW;
    assert.equal(quiet.rise.report().baseline, 2, 'windows without a visitor count as none');
    quiet.take(49);
    assert.equal(quiet.alarms.length, 0, 'a quiet shop: the floor of 50, not 5 × 2');
    quiet.take(1);
    assert.equal(quiet.alarms.length, 1);
  });
});
