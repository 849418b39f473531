import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cachedFor } from '../../../relay/shared/cached-for.js';

describe('cachedFor(ms, read, now)', () => {
  it('reads once, then again only once the time has passed', () => {
    let now = 0;
    let reads = 0;
    const value = cachedFor(
      1_000,
      () => ++reads,
      () => now,
    );
    assert.deepEqual([value(), value()], [1, 1]);
    now = 999;
    assert.equal(value(), 1);
    now = 1_000;
    assert.deepEqual([value(), value(), reads], [2, 2, 2]);
  });
});
