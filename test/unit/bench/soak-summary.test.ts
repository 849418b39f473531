import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { soakSummary } from '../../../bench/soak-summary.mjs';

const soak = {
  date: '2026-12-03T07:40:00.000Z',
  minutes: 30,
  rate: 600,
  batch: 5,
  latencyMs: 0,
  failRate: 0.01,
  outageAt: 10,
  outageMinutes: 5,
  restartAt: 22,
  requests: 1_062_000,
  statuses: { '200': 1_061_950, error: 50 },
  eventsPerSecond: 2_950,
  acknowledged: 5_310_000,
  delivered: 5_310_000,
  lost: 0,
  duplicates: 3,
  duplicateBound: 40,
  drainSeconds: 4,
  collectLatencyMs: { p50: 2.1, p95: 9.5, p99: 30.2, max: 120.4 },
  rssMb: { start: 110, peak: 190.5, end: 150 },
  fit: {
    rss: { slope: 0.12, slopeStdErr: 0.2, trend: false },
    heap: { slope: 1.5, slopeStdErr: 0.3, trend: true },
  },
  disk: { walPeakMb: 4.4, outboxPeakMb: 60.2 },
};

describe('soakSummary(soak) (bench/README.md’s soak paragraph)', () => {
  it('states the run’s date, load and faults, and what was lost and duplicated against the restart’s bound', () => {
    const text = soakSummary(soak);
    assert.match(text, /^Latest \(2026-12-03\): 30 minutes of 600 requests\/s × 5 events, /);
    assert.match(text, /failing 1 % of calls with 503, an outage at minutes 10–15, a SIGTERM restart at minute 22\./);
    assert.match(text, /5,310,000 events acknowledged \(2,950 a second\), 5,310,000 delivered, 0 lost, /);
    assert.match(text, /3 duplicated \(the restart’s bound 40\)/);
    assert.match(text, /p99 30\.2 ms/);
    assert.match(text, /1,062,000 requests \(answered 200: 1,061,950; without an answer: 50\);/);
  });

  it('says whether memory grew by the fitted slope against twice its standard error', () => {
    const text = soakSummary(soak);
    assert.match(text, /its slope 0\.12 ± 0\.20 MB\/min, no trend, the heap’s 1\.50 ± 0\.30 MB\/min, a trend;/);
  });

  it('leaves out the faults a soak did not put in, and says when a run was too short to fit', () => {
    const { outageAt, restartAt, ...plain } = soak;
    assert.ok(outageAt && restartAt);
    const text = soakSummary({ ...plain, fit: { rss: undefined, heap: undefined } });
    assert.doesNotMatch(text, /outage|restart/);
    assert.match(text, /3 duplicated,/);
    assert.match(text, /too few minutes to fit/);
  });
});
