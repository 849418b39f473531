import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AdaptiveConcurrency } from '../../../relay/delivery/adaptive-concurrency.js';

/** Plays one window: `calls` answers of `latencyMs`, the limit reached or not, 20 ms of clock. */
function window(
  limiter: AdaptiveConcurrency,
  clock: { now: number },
  latencyMs: number,
  saturated = true,
  calls = 4,
): void {
  if (saturated) limiter.saturated();
  for (let i = 0; i < calls; i++) {
    clock.now += 20 / calls;
    limiter.record('ok', latencyMs, clock.now);
  }
  clock.now += 1;
  limiter.record('ok', latencyMs, clock.now);
}

describe('AdaptiveConcurrency', () => {
  it('starts at one call and doubles each window while latency stays flat and the limit is reached, up to the maximum', () => {
    const limiter = new AdaptiveConcurrency({ max: 20 });
    const clock = { now: 0 };
    assert.equal(limiter.limit, 1);
    const seen = [];
    for (let i = 0; i < 6; i++) {
      window(limiter, clock, 8);
      seen.push(limiter.limit);
    }
    assert.deepEqual(seen, [2, 4, 8, 16, 20, 20]);
    assert.equal(limiter.reason, 'latency flat');
  });

  it('does not raise the limit when the calls in flight never reached it', () => {
    const limiter = new AdaptiveConcurrency({ max: 20 });
    const clock = { now: 0 };
    for (let i = 0; i < 5; i++) window(limiter, clock, 8, false);
    assert.equal(limiter.limit, 1);
  });

  it('cuts by a tenth on a 429, once for a burst, then adds one per window', () => {
    const limiter = new AdaptiveConcurrency({ max: 100 });
    const clock = { now: 0 };
    for (let i = 0; i < 5; i++) window(limiter, clock, 8);
    assert.equal(limiter.limit, 32);
    for (let i = 0; i < 10; i++) limiter.record('rate-limited', 1, clock.now);
    assert.equal(limiter.limit, 28);
    assert.equal(limiter.reason, 'rate limited (429)');
    window(limiter, clock, 8);
    window(limiter, clock, 8);
    assert.equal(limiter.limit, 30);
  });

  it('cuts when a window takes twice the baseline and more than 5 ms longer, and names 503s and timeouts', () => {
    const limiter = new AdaptiveConcurrency({ max: 100 });
    const clock = { now: 0 };
    for (let i = 0; i < 4; i++) window(limiter, clock, 20);
    assert.equal(limiter.limit, 16);
    window(limiter, clock, 36);
    assert.equal(limiter.limit, 32, 'a rise within the ratio is not load');
    window(limiter, clock, 45);
    assert.equal(limiter.limit, 28);
    assert.equal(limiter.reason, 'latency rising');
    window(limiter, clock, 20);
    limiter.record('busy', 1, clock.now);
    window(limiter, clock, 20);
    assert.equal(limiter.reason, 'service busy (503)');
    limiter.record('timeout', 30_000, clock.now);
    window(limiter, clock, 20);
    assert.equal(limiter.reason, 'timeout');
  });

  it('takes an odd 503 as noise: one in a hundred calls does not cut, one in ten does', () => {
    const limiter = new AdaptiveConcurrency({ max: 200 });
    const clock = { now: 0 };
    for (let i = 0; i < 9; i++) window(limiter, clock, 20, true, 100);
    assert.equal(limiter.limit, 200);
    for (let i = 0; i < 5; i++) {
      limiter.record('busy', 1, clock.now);
      window(limiter, clock, 20, true, 100);
    }
    assert.equal(limiter.limit, 200, 'five windows with one 503 in 101 calls: no cut');
    assert.equal(limiter.reason, 'latency flat');
    for (let i = 0; i < 10; i++) limiter.record('busy', 1, clock.now);
    window(limiter, clock, 20, true, 90);
    assert.equal(limiter.limit, 180);
    assert.equal(limiter.reason, 'service busy (503)');
  });

  it('never goes below one call', () => {
    const limiter = new AdaptiveConcurrency({ max: 10 });
    const clock = { now: 0 };
    for (let i = 0; i < 5; i++) {
      limiter.record('busy', 1, clock.now);
      window(limiter, clock, 8, false);
    }
    assert.equal(limiter.limit, 1);
  });

  it('gives way to ingest on a busy event loop, down to 16 calls in flight and no further, and stays at 16 while busy', () => {
    let load = 0;
    const limiter = new AdaptiveConcurrency({ max: 256, ingestLoad: () => ({ share: load, perSecond: 100 }) });
    const clock = { now: 0 };
    for (let i = 0; i < 7; i++) window(limiter, clock, 8);
    assert.equal(limiter.limit, 128);
    load = 0.95;
    for (let i = 0; i < 40; i++) window(limiter, clock, 8);
    assert.equal(limiter.limit, 16);
    assert.equal(limiter.reason, 'relay busy');
    load = 0.2;
    window(limiter, clock, 8);
    assert.equal(limiter.limit, 17, 'once the loop has room, the limit grows again');
  });

  it('gives way to ingest no further than the calls it takes to deliver what arrives, with a quarter more', () => {
    let share = 0;
    const limiter = new AdaptiveConcurrency({ max: 512, ingestLoad: () => ({ share, perSecond: 3000 }) });
    const clock = { now: 0 };
    for (let i = 0; i < 10; i++) window(limiter, clock, 20);
    assert.equal(limiter.limit, 512);
    share = 0.95;
    for (let i = 0; i < 60; i++) window(limiter, clock, 20);
    // 3,000 records/s at 20 ms each keep 60 calls in flight; a quarter more is 75.
    assert.equal(limiter.limit, 75);
    assert.equal(limiter.reason, 'relay busy');
  });
});
