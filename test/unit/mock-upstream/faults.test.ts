import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallsPerSecond, checkFaults, DEFAULT_FAULTS, mergeFaults } from '../../../relay/mock-upstream/faults.js';

describe("the mock service's faults", () => {
  it('names each field a fault update gets wrong, and refuses settings it does not have', () => {
    assert.deepEqual(checkFaults({ failRate: 2, mode: 'crash', latency: 5 }), [
      { path: 'failRate', message: 'must be a number from 0 to 1' },
      { path: 'mode', message: 'must be "normal", "drop" or "reset"' },
      {
        path: 'latency',
        message: 'is not a fault setting (latencyMs, failRate, failStatus, retryAfterSeconds, mode, rateLimit)',
      },
    ]);
    assert.deepEqual(checkFaults([]), [{ path: '', message: 'must be an object' }]);
  });

  it('applies an update over the current faults, and a null Retry-After clears it', () => {
    const slow = mergeFaults(DEFAULT_FAULTS, { latencyMs: 20, retryAfterSeconds: 3 });
    assert.deepEqual(slow, { ...DEFAULT_FAULTS, latencyMs: 20, retryAfterSeconds: 3 });
    assert.equal('retryAfterSeconds' in mergeFaults(slow, { retryAfterSeconds: null }), false);
  });

  it('counts calls in fixed one-second windows, as rate-limited APIs do', () => {
    const calls = new CallsPerSecond();
    assert.deepEqual([calls.count(1_000), calls.count(1_999), calls.count(2_000)], [1, 2, 1]);
  });
});
