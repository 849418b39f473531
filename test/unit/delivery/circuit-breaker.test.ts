import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CircuitBreaker } from '../../../relay/delivery/circuit-breaker.js';

const fail = (breaker: CircuitBreaker, times: number, now: number, startedAt = now) =>
  Array.from({ length: times }, () => breaker.failed('status 503', now, startedAt));

describe('CircuitBreaker', () => {
  it('opens on the tenth retryable failure in a row, and holds delivery for a first probe a second later', () => {
    const breaker = new CircuitBreaker();
    assert.deepEqual(fail(breaker, 10, 1_000), [...Array(9).fill(false), true]);
    assert.deepEqual([breaker.open, breaker.openSince, breaker.until], [true, 1_000, 2_000]);
    assert.match(
      breaker.describe() ?? '',
      /^the service is unreachable since 1970-01-01T00:00:01\.000Z \(status 503\); probing every 1 s$/,
    );
  });

  it('doubles the wait for each failed probe up to 30 s, but not for calls that were in flight when it opened', () => {
    const breaker = new CircuitBreaker();
    fail(breaker, 10, 1_000);
    fail(breaker, 50, 1_500, 900);
    assert.equal(breaker.until, 2_000, 'fifty calls started before it opened leave the first probe where it was');
    const waits = [2_000, 4_000, 8_000, 16_000, 32_000, 64_000].map(
      (now) => (breaker.failed('reset', now), breaker.until - now),
    );
    assert.deepEqual(waits, [2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('closes on any answer, saying how long the service was unreachable, and counts afresh after', () => {
    const breaker = new CircuitBreaker();
    fail(breaker, 10, 1_000);
    assert.equal(breaker.answered(61_000), 60_000);
    assert.deepEqual([breaker.open, breaker.until, breaker.describe()], [false, 0, undefined]);
    assert.equal(breaker.answered(62_000), undefined, 'it was not open');
    fail(breaker, 9, 63_000);
    assert.equal(breaker.answered(63_500), undefined);
    assert.deepEqual(fail(breaker, 9, 64_000), Array(9).fill(false), 'an answer between resets the run of failures');
  });
});
