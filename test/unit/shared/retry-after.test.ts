import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseRetryAfter } from '../../../relay/shared/retry-after.js';

describe('parseRetryAfter(value, now)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads delay-seconds', () => assert.equal(parseRetryAfter('3', now), 3000));
  it('reads an HTTP-date', () => assert.equal(parseRetryAfter('Sun, 22 Nov 2026 12:00:10 GMT', now), 10_000));
  it('ignores garbage', () => assert.equal(parseRetryAfter('soon', now), undefined));
  it('caps at an hour', () => assert.equal(parseRetryAfter('999999', now), 3600_000));
});
