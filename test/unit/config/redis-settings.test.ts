import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../../relay/config/config-error.js';
import { parseRelayConfig } from '../../../relay/relay-settings.js';

const refusal = (raw: Record<string, string>) => {
  try {
    parseRelayConfig(raw);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  return assert.fail('accepted');
};

describe('parseRelayConfig(redis settings)', () => {
  it('reads sentinels as host:port pairs, IPv6 in brackets', () => {
    const config = parseRelayConfig({
      redisSentinels: '10.0.0.1:26379, [::1]:26380',
      redisSentinelName: 'sb',
      outbox: 'redis',
      redisWaitReplicas: '1',
    });
    assert.deepEqual(config.redisSentinels, [
      { host: '10.0.0.1', port: 26379 },
      { host: '::1', port: 26380 },
    ]);
    assert.equal(config.redisWaitReplicas, 1);
    assert.equal(config.redisWaitTimeoutMs, 500);
  });

  it("refuses sentinels without the primary's name, and a name without sentinels, naming the variables", () => {
    assert.match(
      refusal({ redisSentinels: '127.0.0.1:26379' }),
      /SHOPBEACON_REDIS_SENTINEL_NAME .* is required when SHOPBEACON_REDIS_SENTINELS is set/,
    );
    assert.match(
      refusal({ redisSentinelName: 'sb' }),
      /SHOPBEACON_REDIS_SENTINELS .* is required when SHOPBEACON_REDIS_SENTINEL_NAME is set/,
    );
    assert.match(
      refusal({ redisSentinels: 'sentinel-without-port', redisSentinelName: 'sb' }),
      /SHOPBEACON_REDIS_SENTINELS.*"sentinel-without-port" is not host:port/,
    );
  });

  it('refuses WAIT_REPLICAS with the SQLite outbox, which is durable on its own disk', () => {
    assert.match(
      refusal({ redisUrl: 'redis://127.0.0.1:6379', redisWaitReplicas: '1' }),
      /SHOPBEACON_REDIS_WAIT_REPLICAS .* needs SHOPBEACON_OUTBOX=redis/,
    );
  });

  it("takes sentinels or a cluster's nodes instead of a URL for the Redis outbox", () => {
    assert.equal(
      parseRelayConfig({ outbox: 'redis', redisSentinels: '127.0.0.1:26379', redisSentinelName: 'sb' }).outbox,
      'redis',
    );
    assert.deepEqual(
      parseRelayConfig({ outbox: 'redis', redisCluster: '127.0.0.1:7000,127.0.0.1:7001' }).redisCluster,
      [
        { host: '127.0.0.1', port: 7000 },
        { host: '127.0.0.1', port: 7001 },
      ],
    );
    assert.match(
      refusal({ outbox: 'redis' }),
      /SHOPBEACON_REDIS_URL .*, SHOPBEACON_REDIS_SENTINELS .* or SHOPBEACON_REDIS_CLUSTER .* is required/,
    );
  });

  it('refuses sentinels and a cluster together: they are two different Redis setups', () => {
    assert.match(
      refusal({ redisCluster: '127.0.0.1:7000', redisSentinels: '127.0.0.1:26379', redisSentinelName: 'sb' }),
      /SHOPBEACON_REDIS_CLUSTER .* and SHOPBEACON_REDIS_SENTINELS .* name two different Redis setups: set one/,
    );
  });
});
