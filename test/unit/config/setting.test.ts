import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DELIVERY_SETTINGS } from '../../../relay/config/delivery-settings.js';
import { DOOR_SETTINGS } from '../../../relay/config/door-settings.js';
import { REDIS_SETTINGS } from '../../../relay/config/redis-settings.js';
import { rowDefault } from '../../../relay/config/setting.js';
import { DEFAULT_CONCURRENCY } from '../../../relay/delivery/adaptive-concurrency.js';
import { DEFAULT_LIMITS } from '../../../relay/outbox/outbox.js';
import { parseRelayConfig } from '../../../relay/relay-settings.js';

describe('rowDefault(rows, key)', () => {
  it("gives a part built without the relay's settings the defaults the relay runs with", () => {
    const config = parseRelayConfig({});
    assert.equal(DEFAULT_CONCURRENCY, config.deliveryConcurrency);
    assert.deepEqual(DEFAULT_LIMITS, { maxRecords: config.outboxMaxRecords, maxBytes: config.outboxMaxBytes });
    assert.equal(rowDefault(REDIS_SETTINGS, 'redisWaitTimeoutMs'), config.redisWaitTimeoutMs);
    assert.equal(rowDefault(DELIVERY_SETTINGS, 'maxAgeMs'), 72 * 3_600_000);
  });

  it('refuses a row without a default, naming it', () => {
    assert.throws(() => rowDefault(DOOR_SETTINGS, 'token'), /the setting token has no default/);
  });
});
