import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clusterKeyPrefix, redisTargetOf, replyCode } from '../../../relay/redis/redis-connection.js';
import { ReplyError } from 'ioredis';

const none = {
  redisUrl: undefined,
  redisSentinels: undefined,
  redisSentinelName: undefined,
  redisCluster: undefined,
  redisGroup: 'shopbeacon',
};

describe('where the shared Redis is', () => {
  it('is nowhere without a URL, sentinels or a cluster: the relay keeps its state to itself', () => {
    assert.equal(redisTargetOf(none), undefined);
  });

  it("takes sentinels with the primary's name, and the URL for its password alone", () => {
    const sentinels = [{ host: '10.0.0.2', port: 26379 }];
    assert.deepEqual(
      redisTargetOf({
        ...none,
        redisUrl: 'redis://:pw@ignored:6379/2',
        redisSentinels: sentinels,
        redisSentinelName: 'main',
      }),
      {
        url: 'redis://:pw@ignored:6379/2',
        sentinels,
        sentinelName: 'main',
        cluster: undefined,
        group: 'shopbeacon',
      },
    );
  });

  it("keeps a relay group's keys in one cluster slot by its hash tag", () => {
    assert.equal(clusterKeyPrefix(), '{shopbeacon}');
    assert.equal(clusterKeyPrefix('shop-two'), '{shop-two}');
  });
});

describe('replyCode(error)', () => {
  it("reads a Redis error reply's code, and nothing from other errors", () => {
    assert.equal(replyCode(new ReplyError('NOGROUP No such key or consumer group')), 'NOGROUP');
    assert.equal(replyCode(new ReplyError('READONLY')), 'READONLY');
    assert.equal(replyCode(new Error('NOGROUP looks alike')), undefined);
  });
});
