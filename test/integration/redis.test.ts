import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { collect } from '../helpers/collect.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { ADMIN_KEY, until } from '../helpers/relay-harness.js';
import { SERVICE_TOKEN } from '../helpers/relay-harness.js';
import { killHard, spawnRelay, type RelayProcess } from '../helpers/relay-process.js';

const skip = unmetRequirement('the Redis suites', redisUnavailableReason());
const event = (id: string, user = `u-${id}`) => ({ event_id: id, user_id: user, event_name: 'Page Viewed', event: {} });
const stats = async (relay: RelayProcess) =>
  (await (await fetch(`${relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
    visitorsByMonth: Record<string, number>;
  };

describe('two relays sharing one Redis (SHOPBEACON_REDIS_URL)', { skip }, () => {
  let redis: RedisServer;
  let mock: MockUpstream;
  let a: RelayProcess;
  let b: RelayProcess;
  before(async () => {
    redis = await new RedisServer().start();
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const env = { SHOPBEACON_REDIS_URL: redis.url, SHOPBEACON_RATE_LIMIT_IP: '30' };
    a = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-redis-a-')), env);
    b = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-redis-b-')), env);
  });
  after(async () => {
    await killHard(a);
    await killHard(b);
    await redis.stop();
    await mock.close();
  });

  it('enqueues an event_id once when the same event reaches each relay', async () => {
    const first = await collect(a.url, event('shared-1'));
    const second = await collect(b.url, event('shared-1'));
    assert.deepEqual([first.body['accepted'], second.body['duplicates']], [1, 1]);
    await until(
      () => mock.records('events').some((e) => (e as { user_id: string }).user_id === 'u-shared-1'),
      'the delivery',
    );
    assert.equal(mock.records('events').filter((e) => (e as { user_id: string }).user_id === 'u-shared-1').length, 1);
  });

  it('counts distinct visitors of both relays in one shared monthly figure', async () => {
    await collect(a.url, event('v-1', 'visitor-a'));
    await collect(b.url, event('v-2', 'visitor-b'));
    await collect(b.url, event('v-3', 'visitor-a'));
    const month = new Date().toISOString().slice(0, 7);
    // u-shared-1, visitor-a, visitor-b
    await until(async () => (await stats(a)).visitorsByMonth[month] === 3, 'three visitors on relay A');
    assert.equal((await stats(b)).visitorsByMonth[month], 3);
  });

  it('holds one per-IP rate limit across both relays', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push((await collect(i % 2 ? a.url : b.url, { events: [event(`rl-${i}-1`), event(`rl-${i}-2`)] })).status);
    // 30 events a minute per IP, 5 taken above (a repeat counts too): 12 requests of 2 fit, whichever relay they reach.
    assert.equal(answers.filter((s) => s === 200).length, 12, answers.join(','));
    assert.ok(answers.slice(12).every((s) => s === 429));
  });
});

describe('Redis unreachable', { skip }, () => {
  it('answers 503 (never 200 for what it could not check), says why in /readyz, and recovers when Redis returns', async () => {
    const redis = await new RedisServer().start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-redis-down-')), {
      SHOPBEACON_REDIS_URL: redis.url,
    });
    try {
      assert.equal((await collect(relay.url, event('down-1'))).status, 200);
      await redis.stop();
      const during = await collect(relay.url, event('down-2'));
      assert.equal(during.status, 503);
      assert.equal(during.body['error'], 'shared_state_unavailable');
      assert.ok(during.headers.get('retry-after'));
      const ready = (await (
        await fetch(`${relay.url}/readyz`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).json()) as { reasons: string[] };
      assert.deepEqual(ready.reasons, ['Redis (SHOPBEACON_REDIS_URL) is unreachable']);
      await redis.start();
      await until(async () => (await fetch(`${relay.url}/readyz`)).status === 200, 'ready again');
      assert.equal((await collect(relay.url, event('down-2'))).status, 200);
      await until(() => mock.records('events').length === 2, 'both events delivered');
    } finally {
      await killHard(relay);
      await redis.stop();
      await mock.close();
    }
  });
});

describe('the outbox in Redis Streams (SHOPBEACON_OUTBOX=redis)', { skip }, () => {
  it('lets either relay deliver what the other accepted, and after a kill -9 the survivor delivers what the dead one had claimed', async () => {
    const redis = await new RedisServer().start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { latencyMs: 300 } });
    const env = { SHOPBEACON_REDIS_URL: redis.url, SHOPBEACON_OUTBOX: 'redis', SHOPBEACON_DELIVERY_TIMEOUT_MS: '1000' };
    const a = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-stream-a-')), env);
    const b = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-stream-b-')), env);
    const acked: string[] = [];
    try {
      for (let i = 0; i < 60; i++) {
        const answer = await collect(i % 2 ? a.url : b.url, { events: [event(`s-${i}`)] });
        if (answer.status === 200) acked.push(`u-s-${i}`);
      }
      await until(() => mock.calls().length >= 10, 'deliveries under way');
      await killHard(a);
      const killedAt = mock.calls().length;
      await until(() => {
        const users = new Set(mock.records('events').map((e) => (e as { user_id: string }).user_id));
        return acked.every((u) => users.has(u));
      }, 'every acknowledged event, through the surviving relay');
      const users = mock.records('events').map((e) => (e as { user_id: string }).user_id);
      console.log(
        `# redis outbox: ${acked.length} acknowledged by two relays, relay A killed after ${killedAt} calls, ${new Set(users).size} delivered, 0 lost, ${users.length - new Set(users).size} duplicates`,
      );
      assert.equal(acked.length, 60);
    } finally {
      await killHard(a).catch(() => undefined);
      await killHard(b);
      await redis.stop();
      await mock.close();
    }
  });

  it('answers 503 while Redis is down (never 200 for what it could not store) and takes records again when it returns', async () => {
    const redis = await new RedisServer().start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-stream-down-')), {
      SHOPBEACON_REDIS_URL: redis.url,
      SHOPBEACON_OUTBOX: 'redis',
    });
    try {
      assert.equal((await collect(relay.url, event('sd-1'))).status, 200);
      await redis.stop();
      assert.equal((await collect(relay.url, event('sd-2'))).status, 503);
      await redis.start();
      await until(async () => (await collect(relay.url, event('sd-2'))).status === 200, 'accepting again');
      // Redis ran in memory only here: what it held before its crash is gone — the reason the README asks for AOF.
      await until(
        () => mock.records('events').some((e) => (e as { user_id: string }).user_id === 'u-sd-2'),
        'delivery after the return',
      );
    } finally {
      await killHard(relay);
      await redis.stop();
      await mock.close();
    }
  });
});

describe('shopbeacon outbox … --outbox redis', { skip }, () => {
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['bin/shopbeacon.js', 'outbox', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it('shows, lists, retries and purges the dead letters of the Streams outbox, as for SQLite', async () => {
    const redis = await new RedisServer().start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, faults: { failRate: 1, failStatus: 400 } });
    const env = { SHOPBEACON_REDIS_URL: redis.url, SHOPBEACON_OUTBOX: 'redis' };
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-stream-cli-')), env);
    try {
      assert.equal((await collect(relay.url, event('cli-1'))).status, 200);
      assert.equal((await collect(relay.url, event('cli-2'))).status, 200);
      await until(
        () => JSON.parse(cli(['status', '--json'], env).stdout).dead.event === 2,
        'two dead letters in the status',
      );
      const letters = JSON.parse(cli(['dead-letters', '--json'], env).stdout) as { id: number; body: string }[];
      assert.deepEqual(letters.map((l) => JSON.parse(l.body).user_id).sort(), ['u-cli-1', 'u-cli-2']);
      assert.match(cli(['purge', '--dead-before', '0s'], env).stdout, /^2 dead letter\(s\) deleted/);
      assert.equal(JSON.parse(cli(['status', '--json'], env).stdout).dead.event, 0);
      assert.equal((await collect(relay.url, event('cli-3'))).status, 200);
      await until(() => JSON.parse(cli(['status', '--json'], env).stdout).dead.event === 1, 'a third dead letter');
      mock.setFaults({ failRate: 0 });
      assert.match(cli(['retry', '--all'], env).stdout, /^1 dead letter\(s\) queued again/);
      await until(
        () => mock.records('events').some((e) => (e as { user_id: string }).user_id === 'u-cli-3'),
        'the retried record delivered',
      );
    } finally {
      await killHard(relay);
      await redis.stop();
      await mock.close();
    }
  });

  it('says in one line that Redis does not answer, without a stack trace', () => {
    const result = cli(['status'], { SHOPBEACON_OUTBOX: 'redis', SHOPBEACON_REDIS_URL: 'redis://127.0.0.1:1' });
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.trim(),
      'shopbeacon outbox: Redis (SHOPBEACON_REDIS_URL or SHOPBEACON_REDIS_SENTINELS) does not answer; is it running?',
    );
  });
});
