import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LogThrottle } from '../../../relay/shared/log-throttle.js';

describe('LogThrottle', () => {
  it('lets one line a key through each interval, saying how many it held back since the last', () => {
    let now = 0;
    const throttle = new LogThrottle(10_000, () => now);
    assert.deepEqual(
      [throttle.pass('outbox_full'), throttle.pass('outbox_full'), throttle.pass('outbox_full')],
      [0, undefined, undefined],
    );
    assert.equal(throttle.pass('redis_down'), 0, 'each key on its own');
    now = 9_999;
    assert.equal(throttle.pass('outbox_full'), undefined);
    now = 10_000;
    assert.deepEqual([throttle.pass('outbox_full'), throttle.pass('outbox_full')], [3, undefined]);
  });
});
