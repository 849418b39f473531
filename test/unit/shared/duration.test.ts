import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedDuration, durationMs } from '../../../relay/shared/duration.js';
import { parseDuration } from '../../../relay/cli/option-parsers.js';
import { duration, interval } from '../../../relay/config/setting-parsers.js';

describe('one duration for every setting and flag (relay/shared/duration.ts)', () => {
  it('reads seconds, minutes, hours and days, and 0, and nothing else', () => {
    assert.deepEqual(
      ['90s', '30m', '24h', '7d', '0', ' 5m '].map(durationMs),
      [90_000, 1_800_000, 86_400_000, 604_800_000, 0, 300_000],
    );
    assert.deepEqual(['90', '1.5h', '10 minutes', '-1m', '1w', ''].map(durationMs), [
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes the same units in a setting as in a flag, each refused only by its own bounds, naming them', () => {
    assert.equal(duration('1h', '7d')('5400s'), 5_400_000, 'a dedupe window of 90 minutes written in seconds');
    assert.equal(parseDuration('90s'), 90_000);
    assert.equal(interval('1d'), 86_400_000);
    assert.equal(interval('0s'), 0);
    assert.throws(
      () => boundedDuration('90s', '1h', '7d'),
      /^Error: must be a duration from 1h to 7d, such as 90s, 30m, 24h or 7d$/,
    );
    assert.throws(() => interval('2d'), /from 0 to 24h/);
    assert.throws(() => interval('soon'), /^Error: must be a duration such as 90s, 30m, 24h or 7d, or 0 for off$/);
    assert.equal(parseDuration('0s'), 0, '`--dead-before 0s`: every dead letter');
    assert.throws(() => parseDuration('90'), /must be a duration such as 90s, 30m, 24h or 7d/);
  });
});
