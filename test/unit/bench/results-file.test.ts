import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergedResults, resultsPath } from '../../../bench/results-file.mjs';

describe('a bench’s results file (bench/results-file.mjs)', () => {
  it('is named after its bench under bench/results/', () => {
    assert.equal(resultsPath('growth'), 'bench/results/growth-latest.json');
  });

  it('keeps the rows a run did not measure, each with the date it was measured', () => {
    const earlier = mergedResults(undefined, { import: [1], sweep: [2] }, '2026-12-01T00:00:00.000Z');
    const now = mergedResults(earlier, { sweep: [3] }, '2026-12-03T00:00:00.000Z');
    assert.deepEqual(now.import, [1]);
    assert.deepEqual(now.sweep, [3]);
    assert.deepEqual(now.dates, { import: '2026-12-01T00:00:00.000Z', sweep: '2026-12-03T00:00:00.000Z' });
    assert.equal(now.date, '2026-12-03T00:00:00.000Z');
  });
});
