// `npm run bench:redis`: only the Redis rows of `npm run bench`, in a few
// minutes: `/collect` into the single instance, into a relay with its ids and limits in Redis
// (SQLite outbox), and into one whose outbox is Redis Streams, interleaved, delivery idle, for 1 and
// 10 events a request. One local redis-server with AOF everysec, as README asks for.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { BENCH_ADMIN_KEY, loadOnce, startListening, startRedisServer } from './processes.mjs';
import { redisRows, redisScenario } from './redis-rows.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = process.env.BENCH_SECONDS ?? '5';
const children = [];

const load = (url, batch) => loadOnce(url, batch, SECONDS);

try {
  const redis = await startRedisServer(children);
  if (!redis) throw new Error('bench:redis needs redis-server (Debian: apt-get install redis-server)');
  const down = `http://127.0.0.1:${await freePort()}`;
  const env = (extra) => ({
    SHOPBEACON_BASE_URL: down,
    SHOPBEACON_TOKEN: 'bench-token',
    SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-redis-relay-')),
    SHOPBEACON_ADMIN_KEY: BENCH_ADMIN_KEY,
    SHOPBEACON_RATE_LIMIT_IP: '6000000',
    SHOPBEACON_RATE_LIMIT_USER: '6000000',
    SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
    SHOPBEACON_LOG_LEVEL: 'warn',
    ...extra,
  });
  const relay = (extra) => startListening(children, ['bin/shopbeacon.js', 'relay', '--port', '0'], env(extra));
  const single = await relay({});
  const shared = await relay({ SHOPBEACON_REDIS_URL: `${redis}/0` });
  const streams = await relay({ SHOPBEACON_REDIS_URL: `${redis}/1`, SHOPBEACON_OUTBOX: 'redis' });
  console.log('| measure | shopbeacon | baseline | ratio / target |\n|---|---|---|---|');
  const rows = await redisScenario({ load, single, shared, streams, adminKey: BENCH_ADMIN_KEY, runs: RUNS });
  for (const row of redisRows(rows, RUNS)) console.log(row);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
