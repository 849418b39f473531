// `npm run bench`: size, ingest, delivery, import and in-page cost, each against what a shop would
// use instead, measured in one run on this machine. Prints a Markdown table; writes
// bench/results/latest.json. Medians of repeated runs; ratios against baselines of the same run.
// `npm run bench -- --only=listing` runs the listing view's rows alone and puts them in the last
// run's latest.json (the other figures stay as that run measured them). The table it prints is
// results-table.mjs's, which also writes it into bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { deliveryScenario, SCENARIOS } from './delivery-rows.mjs';
import { ingestScenario, listingRows, listingScenario } from './ingest-rows.mjs';
import { latencyRows, latencyScenario } from './latency-rows.mjs';
import { redisScenario } from './redis-rows.mjs';
import { sustainedRate, undiciRate } from './sustained-rate.mjs';
import { generateOrdersCsv } from './generate-orders.mjs';
import { measure } from '../scripts/size.mjs';
import { table, writeDocFigures } from './results-table.mjs';
import { DEFAULT_CONCURRENCY } from '../dist/relay/delivery/adaptive-concurrency.js';
import { BENCH_ADMIN_KEY, startListening, startRedisServer } from './processes.mjs';
import { startNginx } from './nginx-proxy.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = process.env.BENCH_SECONDS ?? '5';
const TOKEN = 'dev-token';
const children = [];
/** Ends every process started so far: a phase must not leave a relay delivering its backlog behind. */
async function stopAll() {
  const exits = children
    .splice(0)
    .map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
        ),
    );
  await Promise.all(exits);
}

const start = (args, env = {}) => startListening(children, args, env);

function node(args) {
  return JSON.parse(
    execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 })
      .trim()
      .split('\n')
      .pop(),
  );
}

const loadOnce = (url, mode, batch) => node(['bench/load.mjs', url, mode, String(batch), SECONDS, '50']);

/** A relay as the bench runs it: durable outbox, rate limits off, `/stats` behind the bench's admin key. */
const startRelay = (serviceUrl) =>
  start(['bin/shopbeacon.js', 'relay', '--port', '0'], {
    SHOPBEACON_BASE_URL: serviceUrl,
    SHOPBEACON_TOKEN: TOKEN,
    SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-relay-')),
    SHOPBEACON_RATE_LIMIT_IP: '0',
    SHOPBEACON_RATE_LIMIT_USER: '0',
    SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
    SHOPBEACON_LOG_LEVEL: 'warn',
    SHOPBEACON_ADMIN_KEY: BENCH_ADMIN_KEY,
  });

/** A port nothing listens on: the service as an outage shows it (connection refused). */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function ingest() {
  const slowMock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--latency-ms', '20']);
  const bare = await start(['bench/bare-server.mjs']);
  const floor = await start(['bench/floor-server.mjs']);
  const koaFloor = await start(['bench/koa-floor-server.mjs']);
  const relayUp = await startRelay(slowMock);
  const relayDown = await startRelay(await closedPort());
  const rows = await ingestScenario({
    load: (url, batch) => loadOnce(url, 'collect', batch),
    bare,
    floor,
    koaFloor,
    relayUp,
    relayDown,
    adminKey: BENCH_ADMIN_KEY,
    runs: RUNS,
  });
  console.error('listing view…');
  const listing = await listingScenario({
    load: (url) => loadOnce(url, 'listing', 1),
    floor,
    relayUp,
    relayDown,
    adminKey: BENCH_ADMIN_KEY,
    runs: RUNS,
  });
  console.error('latency at fixed rates…');
  const latencyRows = await latencyAgainstNginx(slowMock, relayUp, bare);
  const latency = latencyRows && { rows: latencyRows, runs: RUNS, seconds: SECONDS };
  console.error('sustained rate…');
  const sustained = await sustainedRate({ relay: relayUp, adminKey: BENCH_ADMIN_KEY, lo: 0, hi: rows[1].up.median });
  const undici = undiciRate(node, slowMock);
  return { rows, listing, latency, sustained, undici };
}

/** redis-server from Debian with the AOF the README asks for (appendfsync everysec); undefined when absent. */
const startRedis = () => startRedisServer(children);

/**
 * Ingest with the state in Redis, interleaved with the single instance: shared ids and limits over
 * the SQLite outbox, and the outbox in Redis Streams too.
 */
async function redisIngest() {
  const redis = await startRedis();
  if (!redis) return undefined;
  const down = await closedPort();
  const env = (extra) => ({
    SHOPBEACON_BASE_URL: down,
    SHOPBEACON_TOKEN: TOKEN,
    SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-redis-relay-')),
    SHOPBEACON_ADMIN_KEY: BENCH_ADMIN_KEY,
    SHOPBEACON_RATE_LIMIT_IP: '6000000',
    SHOPBEACON_RATE_LIMIT_USER: '6000000',
    SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
    SHOPBEACON_LOG_LEVEL: 'warn',
    ...extra,
  });
  const single = await start(['bin/shopbeacon.js', 'relay', '--port', '0'], env({}));
  const shared = await start(
    ['bin/shopbeacon.js', 'relay', '--port', '0'],
    env({ SHOPBEACON_REDIS_URL: `${redis}/0` }),
  );
  const streams = await start(
    ['bin/shopbeacon.js', 'relay', '--port', '0'],
    env({ SHOPBEACON_REDIS_URL: `${redis}/1`, SHOPBEACON_OUTBOX: 'redis' }),
  );
  const load = (url, batch) => loadOnce(url, 'collect', batch);
  return redisScenario({ load, single, shared, streams, adminKey: BENCH_ADMIN_KEY, runs: RUNS });
}

async function importRun(mock) {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-bench-import-')), 'orders.csv');
  await generateOrdersCsv(file, 200_000);
  const out = execFileSync(process.execPath, ['bin/shopbeacon.js', 'import', 'orders', file], {
    encoding: 'utf8',
    env: {
      ...process.env,
      SHOPBEACON_BASE_URL: mock,
      SHOPBEACON_TOKEN: TOKEN,
      SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-state-')),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return {
    ordersPerSecond: Number(/(\d+) records\/s/.exec(out)?.[1]),
    peakMb: Number(/peak memory (\d+) MB/.exec(out)?.[1]),
    seconds: Number(/, ([\d.]+) s,/.exec(out)?.[1]),
  };
}

/** The open-loop latency rows, the relay against nginx in front of `mock`; undefined without nginx. */
async function latencyAgainstNginx(mock, relay, bare) {
  const nginx = await startNginx(children, mock, TOKEN);
  if (!nginx) return undefined;
  return latencyScenario({ relay, nginx, bare, adminKey: BENCH_ADMIN_KEY, runs: RUNS, seconds: SECONDS });
}

/** The latency rows alone, against a service, relay, nginx and bare server of their own. */
async function latencyOnly() {
  const slowMock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--latency-ms', '20']);
  const bare = await start(['bench/bare-server.mjs']);
  const relayUp = await startRelay(slowMock);
  const latency = await latencyAgainstNginx(slowMock, relayUp, bare);
  if (!latency) throw new Error('nginx is needed for the latency rows and could not be installed');
  const results = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
  delete results.ingest.nginx1;
  results.ingest.latency = { rows: latency, runs: RUNS, seconds: SECONDS };
  results.latencyDate = new Date().toISOString();
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(latencyRows(latency, RUNS).join('\n'));
  writeDocFigures();
}

/** The listing view's rows alone, against a floor and relays of their own. */
async function listingOnly() {
  const slowMock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--latency-ms', '20']);
  const floor = await start(['bench/floor-server.mjs']);
  const relayUp = await startRelay(slowMock);
  const relayDown = await startRelay(await closedPort());
  const listing = await listingScenario({
    load: (url) => loadOnce(url, 'listing', 1),
    floor,
    relayUp,
    relayDown,
    adminKey: BENCH_ADMIN_KEY,
    runs: RUNS,
  });
  const results = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
  results.ingest.listing = { ...listing, runs: RUNS };
  results.listingDate = new Date().toISOString();
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(listingRows(listing, RUNS).join('\n'));
  writeDocFigures();
}

/** Every row, into a new latest.json. */
async function everything() {
  const size = { stub: measure('snippet/stub.js'), bundle: measure('dist/shopbeacon.js') };
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.error('ingest…');
  const ingestResults = await ingest();
  await stopAll();
  console.error('ingest with Redis…');
  const redis = await redisIngest();
  await stopAll();
  const delivery = [];
  for (const scenario of SCENARIOS) {
    console.error(`delivery, ${scenario.name}…`);
    const mock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', ...scenario.mockArgs]);
    delivery.push(deliveryScenario(node, mock, scenario, RUNS, DEFAULT_CONCURRENCY));
    await stopAll();
  }
  const fastMock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0']);
  console.error('import…');
  const imported = await importRun(fastMock);
  console.error('snippet cost…');
  const cost = node(['bench/snippet-cost.mjs']);
  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    seconds: SECONDS,
    machine,
    size,
    ingest: ingestResults,
    redis,
    delivery,
    importRun: imported,
    cost,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(table(results));
  writeDocFigures();
}

try {
  const only = { '--only=listing': listingOnly, '--only=latency': latencyOnly };
  await (Object.entries(only).find(([flag]) => process.argv.includes(flag))?.[1] ?? everything)();
} finally {
  await stopAll();
}
