import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { constantTimeEqual } from '../../../relay/shared/constant-time-equal.js';

describe('constantTimeEqual(given, expected)', () => {
  it('is true for the same secret only, whatever the lengths, without throwing as timingSafeEqual would', () => {
    const key = 'k'.repeat(32);
    assert.deepEqual(
      [
        constantTimeEqual(key, key),
        constantTimeEqual(`${key}x`, key),
        constantTimeEqual('', key),
        constantTimeEqual('K'.repeat(32), key),
      ],
      [true, false, false, false],
    );
    assert.equal(constantTimeEqual('é', 'é'), true);
  });
});
