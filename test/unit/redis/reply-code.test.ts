import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ReplyError } from 'ioredis';
import { replyCode } from '../../../relay/redis/reply-code.js';

describe('replyCode(error)', () => {
  it("reads a Redis error reply's code, and nothing from other errors", () => {
    assert.equal(replyCode(new ReplyError('NOGROUP No such key or consumer group')), 'NOGROUP');
    assert.equal(replyCode(new ReplyError('READONLY')), 'READONLY');
    assert.equal(replyCode(new Error('NOGROUP looks alike')), undefined);
  });
});
