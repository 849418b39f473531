import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportState } from '../../relay/import/import-state.js';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { openSqlite } from '../../relay/shared/sqlite-driver.js';
import { connectRedis } from '../../relay/redis/redis-connection.js';
import { runCli } from '../helpers/cli-run.js';
import { RedisServer, redisUnavailableReason } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';

const FIXTURE = new URL('../fixtures/data-dir-v0/', import.meta.url).pathname;
/** The day after the fixture was written: its records stay inside the service's two years, whenever this runs. */
const FIXTURE_DAY = Date.parse('2026-11-25T12:00:00Z');

function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-upgrade-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const userVersion = (file: string) => {
  const db = openSqlite(file);
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('a data directory written by the previous version', () => {
  it('is delivered whole by this version: every queued record, the dead letter kept, the import state and visitors read', async () => {
    const dataDir = copyOfFixture();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN, now: () => FIXTURE_DAY });
    const h = await startRelay({ upstream: mock, dataDir });
    try {
      await until(
        () =>
          mock.records('events').length === 3 &&
          mock.records('orders').length === 2 &&
          mock.records('products').length === 1,
        'the six queued records',
      );
      assert.deepEqual(
        mock
          .records('orders')
          .map((o) => (o as { order_id: number }).order_id)
          .sort(),
        [9001, 9002],
      );
      const stats = (await (
        await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).json()) as {
        outbox: { dead: { order: number } };
        visitorsByMonth: Record<string, number>;
      };
      assert.equal(stats.outbox.dead.order, 1, 'the dead letter kept');
      // visitor-0 counted before the upgrade; visitor-1 to -3 from the queued events, whose rows
      // got their visitor from their body in migration 2.
      await until(
        async () =>
          (
            (await (
              await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
            ).json()) as typeof stats
          ).visitorsByMonth['2026-11'] === 4,
        'four visitors in November',
      );
      // Version 3: the duplicate window in slices; the ids of seen_events moved into them.
      assert.equal(userVersion(join(dataDir, 'outbox.sqlite')), 3);
    } finally {
      await h.close();
      await mock.close();
    }
    const state = new ImportState(join(dataDir, 'import-orders'));
    try {
      const order = {
        order_id: 8001,
        date_created_gmt: '2026-11-24 12:00:00',
        status: 'completed',
        email: 'ana@example.com',
        city: 'Lisbon',
        country: 'PT',
        currency: 'EUR',
        order_value: 49.9,
        line_items: [{ line_item_product_id: 7, line_item_price: 49.9, line_item_quantity: 1 }],
      };
      assert.equal(
        state.delivered('order', '8001', JSON.stringify(order)),
        true,
        'a re-run of the import still skips what it delivered',
      );
    } finally {
      state.close();
    }
  });

  it('refuses a data directory of a newer version with one line naming both versions, and changes nothing', async () => {
    const dataDir = copyOfFixture();
    const outbox = join(dataDir, 'outbox.sqlite');
    const db = openSqlite(outbox);
    db.pragma('user_version = 99');
    db.close();
    const digest = () => createHash('sha256').update(readFileSync(outbox)).digest('hex');
    const before = digest();
    const run = await runCli(['relay', '--port', '0'], {
      SHOPBEACON_DATA_DIR: dataDir,
      SHOPBEACON_BASE_URL: 'http://127.0.0.1:9',
      SHOPBEACON_TOKEN: SERVICE_TOKEN,
    });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr.trim(),
      /^shopbeacon: the outbox \(outbox\.sqlite\) has schema version 99, written by a newer shopbeacon; this one knows versions up to 3\. Nothing was changed/,
    );
    assert.equal(run.stderr.trim().split('\n').length, 1);
    assert.equal(digest(), before);
    assert.equal(userVersion(outbox), 99);
  });

  it('refuses a damaged outbox at start with one line naming the file and what to do, in the relay and the outbox command alike', async () => {
    const dataDir = copyOfFixture();
    const outbox = join(dataDir, 'outbox.sqlite');
    writeFileSync(outbox, readFileSync(outbox).subarray(0, 2048));
    const env = {
      SHOPBEACON_DATA_DIR: dataDir,
      SHOPBEACON_BASE_URL: 'http://127.0.0.1:9',
      SHOPBEACON_TOKEN: SERVICE_TOKEN,
    };
    for (const args of [
      ['relay', '--port', '0'],
      ['outbox', 'status'],
    ]) {
      const run = await runCli(args, env);
      assert.equal(run.code, 1, args.join(' '));
      assert.match(
        run.stderr.trim(),
        new RegExp(
          `^shopbeacon(?: relay)?: ${outbox.replaceAll('/', '\\/')} is damaged \\(.*shopbeacon outbox recover --data-dir`,
        ),
      );
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });
});

const skip = unmetRequirement('the Redis keyspace version suite', redisUnavailableReason());

describe('a Redis keyspace written by a newer version', { skip }, () => {
  it('is refused at start with one line naming both versions, and left as it is', async () => {
    const redis = await new RedisServer().start();
    try {
      const client = connectRedis(redis.url);
      await client.set('shopbeacon:keyspace-version', '7');
      const run = await runCli(['relay', '--port', '0'], {
        SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-keyspace-')),
        SHOPBEACON_BASE_URL: 'http://127.0.0.1:9',
        SHOPBEACON_TOKEN: SERVICE_TOKEN,
        SHOPBEACON_REDIS_URL: redis.url,
        SHOPBEACON_OUTBOX: 'redis',
      });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(
        run.stderr.trim(),
        /^shopbeacon: Redis \(SHOPBEACON_REDIS_URL\) has keyspace version 7, written by a newer shopbeacon; this one knows versions up to 1\. Nothing was changed/,
      );
      assert.equal(await client.get('shopbeacon:keyspace-version'), '7');
      client.disconnect();
    } finally {
      await redis.stop();
    }
  });
});
