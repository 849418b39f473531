import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimits } from '../../../relay/collect/rate-limits.js';
import type { RedisTurnBatch } from '../../../relay/redis/turn-batch.js';
import { HttpError } from '../../../relay/http/http-error.js';

/** The part of the shared Redis the limits use: the keys asked, and the turn each was asked in. */
function fakeTurns(refuse: string[] = []) {
  const asked: { key: string; points: number; turn: number }[] = [];
  let turn = 0;
  const turns = {
    take: async (key: string, points: number) => {
      asked.push({ key, points, turn });
      await Promise.resolve();
      turn++;
      return refuse.some((part) => key.includes(part)) ? 30_000 : -1;
    },
  } as unknown as RedisTurnBatch;
  return { turns, asked };
}

describe('RateLimits, the per-address and per-visitor buckets of /collect (relay/collect/rate-limits.ts)', () => {
  it("asks for the address's bucket and each visitor's in the same turn, so Redis gets them in one round trip", async () => {
    const { turns, asked } = fakeTurns();
    const limits = new RateLimits({ perIp: 100, perUser: 10, redis: turns });
    await limits.take(
      '203.0.113.9',
      3,
      new Map([
        ['visitor-a', 2],
        ['visitor-b', 1],
      ]),
    );
    assert.equal(asked.length, 3);
    assert.deepEqual(new Set(asked.map((a) => a.turn)), new Set([0]), 'all asked before any answer came');
    assert.deepEqual(
      asked.map((a) => [a.key.split(':').at(-1), a.points]),
      [
        ['203.0.113.9|visitor-a', 2],
        ['203.0.113.9|visitor-b', 1],
        ['203.0.113.9', 3],
      ],
    );
  });

  it('answers 429 with Retry-After in seconds when one bucket is empty, having charged the others', async () => {
    const { turns, asked } = fakeTurns(['visitor-b']);
    const limits = new RateLimits({ perIp: 100, perUser: 10, redis: turns });
    const refused = await limits
      .take(
        '203.0.113.9',
        2,
        new Map([
          ['visitor-a', 1],
          ['visitor-b', 1],
        ]),
      )
      .catch((error: unknown) => error);
    assert.ok(refused instanceof HttpError);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers?.['Retry-After'], '30');
    assert.equal(asked.length, 3);
  });

  it('keeps the buckets in memory without Redis, and takes nothing when the limits are off', async () => {
    const limits = new RateLimits({ perIp: 3, perUser: 0 });
    await limits.take('198.51.100.1', 3, new Map([['visitor-a', 3]]));
    await assert.rejects(limits.take('198.51.100.1', 1, new Map()), (error: HttpError) => error.status === 429);
    await new RateLimits({ perIp: 0, perUser: 0 }).take('198.51.100.1', 1_000, new Map([['visitor-a', 1_000]]));
  });
});
