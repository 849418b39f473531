import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceClock } from '../../../relay/shared/service-clock.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-12-02T10:00:00Z');

/** A wall clock and a monotonic one that tests move by hand, and what the clock reported. */
function clocks() {
  const state = { wall: T0, monotonic: 5_000, steps: [] as number[], disagreements: [] as number[] };
  const clock = new ServiceClock({
    wall: () => state.wall,
    monotonic: () => state.monotonic,
    onStep: (ms) => state.steps.push(ms),
    onDisagreement: (ms) => state.disagreements.push(ms),
  });
  const pass = (ms: number) => ((state.wall += ms), (state.monotonic += ms));
  return { state, clock, pass };
}

describe('ServiceClock', () => {
  it('is the wall clock while the wall clock runs as the monotonic one does and the service agrees', () => {
    const { clock, pass, state } = clocks();
    pass(90_000);
    clock.observeServiceDate(new Date(state.wall - 20_000).toUTCString());
    assert.equal(clock.now(), T0 + 90_000);
    assert.deepEqual([state.steps, state.disagreements], [[], []]);
  });

  it('never gives a time past the monotonic clock after the wall clock steps a day ahead, and says so once', () => {
    const { clock, pass, state } = clocks();
    pass(1_000);
    state.wall += DAY;
    assert.equal(clock.now(), T0 + 1_000);
    pass(5_000);
    assert.equal(clock.now(), T0 + 6_000);
    assert.deepEqual(state.steps, [DAY]);
  });

  it("takes the service's time once its Date says the wall clock is a day ahead, and the wall clock again once it is set right", () => {
    const { clock, pass, state } = clocks();
    state.wall += DAY;
    clock.observeServiceDate(new Date(T0).toUTCString());
    assert.equal(clock.now(), T0 + 500);
    pass(10_000);
    assert.equal(clock.now(), T0 + 10_500);
    assert.equal(state.disagreements.length, 1);
    assert.ok(Math.abs(state.disagreements[0]! - DAY) <= 500);
    clock.observeServiceDate(new Date(T0 + 20_000).toUTCString());
    assert.equal(state.disagreements.length, 1, 'one warning for as long as the disagreement lasts');
    state.wall = T0 + 30_000;
    assert.equal(clock.now(), T0 + 30_000);
  });

  it('keeps the earlier time when the wall clock steps back, and ignores a Date it cannot read', () => {
    const { clock, state } = clocks();
    state.wall -= DAY;
    assert.equal(clock.now(), T0 - DAY);
    clock.observeServiceDate('not a date');
    clock.observeServiceDate(undefined);
    assert.equal(clock.now(), T0 - DAY);
    assert.deepEqual(state.steps, [-DAY]);
  });

  it("has stamping wait for the service's answer to the question put at start, then stamps by the service's time", async () => {
    const { clock, state } = clocks();
    state.wall += DAY;
    let answer: (date: string) => void = () => undefined;
    clock.ask(new Promise<string>((resolve) => (answer = resolve)));
    const waiting = clock.untilKnown();
    assert.ok(waiting instanceof Promise, 'a time asked for and not yet told is waited for');
    answer(new Date(T0).toUTCString());
    await waiting;
    assert.equal(clock.untilKnown(), undefined);
    assert.equal(clock.now(), T0 + 500, "the service's time, not the wall clock a day ahead");
    assert.equal(state.disagreements.length, 1);
  });

  it('ends the wait when the question goes unanswered: the wall clock, until an answer says otherwise', async () => {
    const { clock, state } = clocks();
    clock.ask(Promise.reject(new Error('connection refused')));
    await clock.untilKnown();
    assert.equal(clock.untilKnown(), undefined);
    assert.equal(clock.now(), T0);
    clock.ask(Promise.resolve(undefined));
    await clock.untilKnown();
    assert.equal(clock.untilKnown(), undefined, 'an answer without a Date tells nothing, and ends the wait too');
    assert.deepEqual(state.disagreements, []);
  });
});
