// `npm run bench`: size, ingest, delivery, import and in-page cost, each against what a shop would
// use instead, measured in one run on this machine. Prints a Markdown table; writes
// bench/results/latest.json. Medians of repeated runs; ratios against baselines of the same run.
// `npm run bench -- --only=listing` runs the listing view's rows alone and puts them in the last
// run's latest.json (the other figures stay as that run measured them); `--table` runs nothing and
// writes latest.json's table into bench/README.md between its markers, so the README states the
// figures the bench gives and no others.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { deliveryRows, deliveryScenario, SCENARIOS } from './delivery-rows.mjs';
import { ingestRows, ingestScenario, listingRows, listingScenario } from './ingest-rows.mjs';
import { redisRows, redisScenario } from './redis-rows.mjs';
import { sustainedRate, sustainedRow, undiciRate } from './sustained-rate.mjs';
import { generateOrdersCsv } from './generate-orders.mjs';
import { HARD_LIMIT, measure } from '../scripts/size.mjs';
import { DEFAULT_CONCURRENCY } from '../dist/relay/delivery/adaptive-concurrency.js';
import { startListening, startRedisServer } from './processes.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = process.env.BENCH_SECONDS ?? '5';
const TOKEN = 'dev-token';
const ADMIN_KEY = 'bench-admin-key-0123456789abcdefghijklmn';
const children = [];
/** Ends every process started so far: a phase must not leave a relay delivering its backlog behind. */
async function stopAll() {
  const exits = children
    .splice(0)
    .map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))));
  await Promise.all(exits);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const start = (args, env = {}) => startListening(children, args, env);

function node(args) {
  return JSON.parse(
    execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 })
      .trim()
      .split('\n')
      .pop(),
  );
}

function load(url, mode, batch) {
  const runs = Array.from({ length: RUNS }, () => loadOnce(url, mode, batch));
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  };
}

const loadOnce = (url, mode, batch) => node(['bench/load.mjs', url, mode, String(batch), SECONDS, '50']);

function startNginx(mockUrl) {
  const hasNginx = () => {
    try {
      execFileSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!hasNginx() && process.getuid?.() === 0) {
    console.error('nginx not found: installing it from Debian (apt-get install nginx)');
    try {
      execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], { stdio: 'ignore' });
    } catch {
      /* reported below */
    }
  }
  if (!hasNginx()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'sb-nginx-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const upstream = new URL(mockUrl).host;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 4096; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream service { server ${upstream}; keepalive 64; }
  server { listen 127.0.0.1:${port};
    location / { proxy_pass http://service; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Authorization "Bearer ${TOKEN}"; } } }
`,
  );
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  children.push(child);
  return `http://127.0.0.1:${port}`;
}

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
    SHOPBEACON_ADMIN_KEY: ADMIN_KEY,
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
    adminKey: ADMIN_KEY,
    runs: RUNS,
  });
  console.error('listing view…');
  const listing = await listingScenario({ load: (url) => loadOnce(url, 'listing', 1), floor, relayUp, relayDown, adminKey: ADMIN_KEY, runs: RUNS });
  const nginx = startNginx(slowMock);
  if (nginx) await new Promise((resolve) => setTimeout(resolve, 500));
  const nginx1 = nginx ? load(`${nginx}/v1/track`, 'service', 1) : undefined;
  console.error('sustained rate…');
  const sustained = await sustainedRate({ relay: relayUp, adminKey: ADMIN_KEY, lo: 0, hi: rows[1].up.median });
  const undici = undiciRate(node, slowMock);
  return { rows, listing, nginx1, sustained, undici };
}

/** redis-server from Debian with the AOF the README asks for (appendfsync everysec); undefined when absent. */
const startRedis = () => startRedisServer(children);

/** Ingest with the state in Redis, interleaved with the single instance: shared ids and limits over the SQLite outbox, and the outbox in Redis Streams too. */
async function redisIngest() {
  const redis = await startRedis();
  if (!redis) return undefined;
  const down = await closedPort();
  const env = (extra) => ({
    SHOPBEACON_BASE_URL: down,
    SHOPBEACON_TOKEN: TOKEN,
    SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-redis-relay-')),
    SHOPBEACON_RATE_LIMIT_IP: '6000000',
    SHOPBEACON_RATE_LIMIT_USER: '6000000',
    SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
    SHOPBEACON_LOG_LEVEL: 'warn',
    ...extra,
  });
  const single = await start(['bin/shopbeacon.js', 'relay', '--port', '0'], env({}));
  const shared = await start(['bin/shopbeacon.js', 'relay', '--port', '0'], env({ SHOPBEACON_REDIS_URL: `${redis}/0` }));
  const streams = await start(['bin/shopbeacon.js', 'relay', '--port', '0'], env({ SHOPBEACON_REDIS_URL: `${redis}/1`, SHOPBEACON_OUTBOX: 'redis' }));
  return redisScenario({ load: (url, batch) => loadOnce(url, 'collect', batch), single, shared, streams, runs: RUNS });
}

async function importRun(mock) {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-bench-import-')), 'orders.csv');
  await generateOrdersCsv(file, 200_000);
  const out = execFileSync(process.execPath, ['bin/shopbeacon.js', 'import', 'orders', file], {
    encoding: 'utf8',
    env: { ...process.env, SHOPBEACON_BASE_URL: mock, SHOPBEACON_TOKEN: TOKEN, SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-state-')) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return {
    ordersPerSecond: Number(/(\d+) records\/s/.exec(out)?.[1]),
    peakMb: Number(/peak memory (\d+) MB/.exec(out)?.[1]),
    seconds: Number(/, ([\d.]+) s,/.exec(out)?.[1]),
  };
}

const fmt = (n, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (a, b) => `${Math.round((100 * a) / b)} %`;

function table(results) {
  const { size, ingest: i, delivery: d, importRun: im, cost } = results;
  // The run's own settings, where it recorded them: the table may be written long after it.
  const runs = results.runs ?? RUNS;
  const lines = [
    `Machine: ${results.machine}. ${runs} interleaved runs of ${results.seconds ?? SECONDS} s per ingest row, median (min–max); 50 connections; service latency 20 ms behind relay and nginx.`,
    '',
    '| measure | shopbeacon | baseline | ratio / target |',
    '|---|---|---|---|',
    `| snippet gzip -9 | ${fmt(size.bundle.gzip)} B (stub ${size.stub.gzip} B) | Plausible 2,694 · Umami 2,230 · Snowplow 17,402 · Segment 31,294 · PostHog 121,980 B | limit ${fmt(HARD_LIMIT)} B ${size.bundle.gzip <= HARD_LIMIT ? 'met' : 'missed'} |`,
    ...ingestRows(i.rows, runs),
    ...(i.listing ? listingRows(i.listing, i.listing.runs ?? runs) : []),
    sustainedRow(i.sustained, i.undici),
    i.nginx1
      ? `| client p99 while the service takes 20 ms | relay ${i.rows[1].upP99.median} ms | nginx proxy adding the token ${i.nginx1.p99} ms (${fmt(i.nginx1.rps)} req/s) | ${i.rows[1].upP99.median < i.nginx1.p99 ? 'met' : 'missed'} (target: below nginx) |`
      : '| client p99 vs nginx | — | nginx could not be installed: row skipped | — |',
    ...(results.redis ? redisRows(results.redis, runs) : ['| ingest with Redis | — | redis-server not installed: rows skipped | — |']),
    ...deliveryRows(d),
    `| import 200,000 CSV rows (100,000 orders) | ${fmt(im.ordersPerSecond)} orders/s, ${im.seconds} s, peak RSS ${im.peakMb} MB | — | — |`,
    `| snippet in Chromium: load + 100 track calls (median of ${cost.runs} pages, min–max) | ${fmt(cost.loadMs, 2)} ms + ${fmt(cost.callsMs, 2)} ms = ${fmt(cost.totalMs.median, 2)} ms (${fmt(cost.totalMs.min, 1)}–${fmt(cost.totalMs.max, 1)}); ${fmt(cost.perCallUs, 0)} µs per call | one frame: 16.7 ms | ${cost.totalMs.median <= 16.7 ? 'met' : 'missed'}: ${pct(cost.totalMs.median, 16.7)} of a frame |`,
  ];
  return lines.join('\n');
}

/** The listing view's rows alone, against a floor and relays of their own. */
async function listingOnly() {
  const slowMock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--latency-ms', '20']);
  const floor = await start(['bench/floor-server.mjs']);
  const relayUp = await startRelay(slowMock);
  const relayDown = await startRelay(await closedPort());
  const listing = await listingScenario({ load: (url) => loadOnce(url, 'listing', 1), floor, relayUp, relayDown, adminKey: ADMIN_KEY, runs: RUNS });
  const results = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
  results.ingest.listing = { ...listing, runs: RUNS };
  results.listingDate = new Date().toISOString();
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(listingRows(listing, RUNS).join('\n'));
}

const README = 'bench/README.md';
const MARKERS = ['<!-- bench:table:start -->', '<!-- bench:table:end -->'];

/** latest.json's table in bench/README.md, between its markers. */
function tableIntoReadme() {
  const results = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
  const readme = readFileSync(README, 'utf8');
  const [from, to] = MARKERS.map((marker) => readme.indexOf(marker));
  if (from < 0 || to < from) throw new Error(`${README} lacks the markers ${MARKERS.join(' … ')}`);
  // The bundle's size is what is built now, not a measurement of the run: the table states today's.
  const size = { stub: measure('snippet/stub.js'), bundle: measure('dist/shopbeacon.js') };
  const dates = `Full run ${results.date.slice(0, 10)}${results.listingDate ? `; listing rows ${results.listingDate.slice(0, 10)}` : ''}; the snippet's size as built.`;
  const block = `${MARKERS[0]}\n${dates} ${table({ ...results, size })}\n`;
  writeFileSync(README, readme.slice(0, from) + block + readme.slice(to));
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
}

try {
  if (process.argv.includes('--table')) tableIntoReadme();
  else await (process.argv.includes('--only=listing') ? listingOnly() : everything());
} finally {
  await stopAll();
}
