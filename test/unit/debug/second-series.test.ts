import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SecondSeries } from '../../../relay/debug/second-series.js';
import type { FeedEntry } from '../../../relay/debug/debug-wire.js';

const start = Date.parse('2026-12-02T10:00:00.000Z');
let seq = 0;
const entry = (state: FeedEntry['state'], at: number, latencyMs?: number): FeedEntry => ({
  seq: ++seq,
  at,
  state,
  kind: 'event',
  ...(latencyMs === undefined ? {} : { latencyMs }),
});

describe('SecondSeries', () => {
  it("counts each second's accepted, delivered and refused records, with the median and the longest latency", () => {
    let now = start + 2_500;
    const series = new SecondSeries({ now: () => now, seconds: 3 });
    series.count(entry('accepted', start + 100));
    series.count(entry('delivered', start + 900, 40));
    series.count(entry('delivered', start + 950, 10));
    series.count(entry('delivered', start + 990, 30));
    for (const state of ['rejected', 'dropped', 'dead'] as const) series.count(entry(state, start + 2_000));
    assert.deepEqual(series.points(), [
      { t: start, accepted: 1, delivered: 3, refused: 0, latencyP50: 30, latencyMax: 40 },
      { t: start + 1_000, accepted: 0, delivered: 0, refused: 0, latencyP50: null, latencyMax: null },
      { t: start + 2_000, accepted: 0, delivered: 0, refused: 3, latencyP50: null, latencyMax: null },
    ]);
    now += 1_000;
    assert.deepEqual(
      series.points().map((p) => p.t),
      [start + 1_000, start + 2_000, start + 3_000],
      'the oldest second falls off',
    );
  });

  it('keeps no more seconds than it shows, and no more than 500 latencies a second', () => {
    const series = new SecondSeries({ now: () => start + 59_000 });
    for (let second = 0; second < 120; second++) series.count(entry('accepted', start - 61_000 + second * 1_000));
    for (let i = 0; i < 600; i++) series.count(entry('delivered', start + 59_000, i < 500 ? 1 : 1_000));
    const points = series.points();
    assert.equal(points.length, 60);
    assert.deepEqual([points.at(-1)?.delivered, points.at(-1)?.latencyMax], [600, 1]);
    assert.equal(
      points.reduce((sum, p) => sum + p.accepted, 0),
      59,
      'only the last minute of the 120 seconds',
    );
  });
});
