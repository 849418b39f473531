import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BACKOFF_CAP_MS, backoffDelay } from '../../../relay/shared/backoff.js';

describe('backoffDelay(attempt, random)', () => {
  it('draws up to base·2^attempt, never below 0.5 s', () => {
    assert.equal(
      backoffDelay(0, () => 0),
      500,
    );
    assert.equal(
      backoffDelay(3, () => 1),
      4000,
    );
    assert.equal(
      backoffDelay(3, () => 0.5),
      2000,
    );
  });
  it('never exceeds 5 minutes, however many attempts', () => {
    assert.equal(
      backoffDelay(50, () => 1),
      BACKOFF_CAP_MS,
    );
  });
});
