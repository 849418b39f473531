import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  currentSlice,
  dedupeWindow,
  liveSlices,
  seenKey,
  sliceExpiresAt,
} from '../../../relay/shared/dedupe-window.js';

const HOUR = 3600_000;

describe('the duplicate window in slices', () => {
  const window = dedupeWindow(24 * HOUR);

  it('cuts a 24-hour window into four 6-hour slices and keeps every slice that may hold an id of the last 24 hours', () => {
    assert.equal(window.sliceMs, 6 * HOUR);
    const now = Date.parse('2026-11-26T13:00:00Z');
    const slices = liveSlices(window, now);
    assert.equal(slices.at(-1), currentSlice(window, now));
    assert.equal(slices.length, 5, 'the current slice and the four before it');
    for (const slice of slices) assert.ok(sliceExpiresAt(window, slice) > now);
    assert.ok(
      sliceExpiresAt(window, (slices[0] as number) - 1) <= now,
      'the slice before the oldest is past the window',
    );
  });

  it('lets a slice go only once its last possible id is a whole window old', () => {
    const slice = currentSlice(window, Date.parse('2026-11-26T17:59:59.999Z'));
    assert.equal(sliceExpiresAt(window, slice), Date.parse('2026-11-27T18:00:00Z'));
  });

  it("keys an id by 16 bytes that depend on the salt, whatever the id's length", () => {
    const salt = Buffer.alloc(16, 1);
    assert.equal(seenKey(salt, 'x').length, 16);
    assert.equal(seenKey(salt, 'x'.repeat(200)).length, 16);
    assert.deepEqual(seenKey(salt, 'abc'), seenKey(Buffer.from(salt), 'abc'));
    assert.notDeepEqual(seenKey(salt, 'abc'), seenKey(Buffer.alloc(16, 2), 'abc'));
  });
});
