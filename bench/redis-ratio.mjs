// `npm run bench:redis`: only the Redis rows of `npm run bench` (issue #35's Streams goal), in a few
// minutes: `/collect` into the single instance, into a relay with its ids and limits in Redis
// (SQLite outbox), and into one whose outbox is Redis Streams, interleaved, delivery idle, for 1 and
// 10 events a request. One local redis-server with AOF everysec, as README asks for.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { startListening } from './processes.mjs';
import { redisRows, redisScenario } from './redis-rows.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = process.env.BENCH_SECONDS ?? '5';
const children = [];

async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', mkdtempSync(join(tmpdir(), 'sb-bench-redis-')), '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  await new Promise((resolve) => child.stdout.on('data', (chunk) => /Ready to accept/.test(String(chunk)) && resolve()));
  return `redis://127.0.0.1:${port}`;
}

const load = (url, batch) => JSON.parse(execFileSync(process.execPath, ['bench/load.mjs', url, 'collect', String(batch), SECONDS, '50'], { encoding: 'utf8' }).trim().split('\n').pop());

try {
  const redis = await startRedis();
  const down = `http://127.0.0.1:${await freePort()}`;
  const env = (extra) => ({
    SHOPBEACON_BASE_URL: down, SHOPBEACON_TOKEN: 'bench-token', SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-redis-relay-')),
    SHOPBEACON_RATE_LIMIT_IP: '6000000', SHOPBEACON_RATE_LIMIT_USER: '6000000', SHOPBEACON_LOG_LEVEL: 'warn', ...extra,
  });
  const relay = (extra) => startListening(children, ['bin/shopbeacon.js', 'relay', '--port', '0'], env(extra));
  const single = await relay({});
  const shared = await relay({ SHOPBEACON_REDIS_URL: `${redis}/0` });
  const streams = await relay({ SHOPBEACON_REDIS_URL: `${redis}/1`, SHOPBEACON_OUTBOX: 'redis' });
  console.log('| measure | shopbeacon | baseline | ratio / target |\n|---|---|---|---|');
  for (const row of redisRows(redisScenario({ load, single, shared, streams, runs: RUNS }), RUNS)) console.log(row);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
