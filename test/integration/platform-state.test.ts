import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { PlatformState } from '../../relay/platform-state/platform-state.js';
import { RedisPlatformState } from '../../relay/platform-state/redis-platform-state.js';
import { SqlitePlatformState } from '../../relay/platform-state/sqlite-platform-state.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

/** The facts a sweep must not forget, the same in both stores: by scope, all of one or just some keys, kept across a reopen. */
function rememberedFacts(open: () => Promise<PlatformState>) {
  return async () => {
    const state = await open();
    await state.remember(
      'refused:order',
      new Map([
        ['13', 'digest-a'],
        ['11', 'digest-b'],
      ]),
    );
    await state.remember(
      'webhooks:shopify',
      new Map([['ORDERS_CREATE https://sb.shop.example/webhooks/shopify', 'gid://shopify/WebhookSubscription/1']]),
    );
    await state.remember('refused:order', new Map([['13', 'digest-c']]));
    await state.close();
    const again = await open();
    assert.deepEqual([...(await again.recall('refused:order', ['13', '99']))], [['13', 'digest-c']]);
    assert.deepEqual([...(await again.recall('refused:order'))].sort(), [
      ['11', 'digest-b'],
      ['13', 'digest-c'],
    ]);
    assert.deepEqual(
      [...(await again.recall('webhooks:shopify'))],
      [['ORDERS_CREATE https://sb.shop.example/webhooks/shopify', 'gid://shopify/WebhookSubscription/1']],
    );
    assert.deepEqual([...(await again.recall('refused:product', []))], []);
    await again.close();
  };
}

describe("the platform state's remembered facts", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-state-'));
  it(
    'in platforms.sqlite',
    rememberedFacts(async () => new SqlitePlatformState(dataDir)),
  );
});

describe(
  "the platform state's remembered facts in Redis",
  { skip: unmetRequirement('the Redis platform state', redisUnavailableReason()) },
  () => {
    let server: RedisServer;
    const clients: Redis[] = [];
    before(async () => {
      server = await new RedisServer().start();
    });
    after(async () => {
      for (const client of clients) client.disconnect();
      await server.stop();
    });

    it(
      'in Redis, shared by every relay',
      rememberedFacts(async () => {
        const client = new Redis(server.url);
        clients.push(client);
        return new RedisPlatformState(client);
      }),
    );
  },
);
