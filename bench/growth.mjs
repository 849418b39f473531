// `npm run bench:growth`: how each cost grows with the work. Rows, each measured on this
// machine and drawn in bench/results/growth.svg, figures in bench/results/growth-latest.json (a
// row measured alone replaces its own figures there), paragraphs in bench/README.md:
//  - ingest and delivery with 0, 100,000 and 1,000,000 records already queued (SQLite, Redis Streams);
//  - the import of 10,000, 100,000 and 1,000,000 order rows: rate and peak RSS;
//  - the sync's first sweep of 10,000 and 100,000 orders from a stand-in (bench/sync-sweep.mjs);
//  - RSS and p99 with 100, 1,000 and 10,000 keep-alive connections open on `/collect`;
//  - one relay against two on one Redis Streams outbox, the load split between them.
// Usage: node bench/growth.mjs [row ...] (backlog, import, sweep, connections, scaleout; default all).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.mjs';
import { generateOrdersCsv } from './generate-orders.mjs';
import { startListening, startRedisServer } from './processes.mjs';
import { charts, openConnections, prefill } from './growth-parts.mjs';
import { writeResults } from './results-file.mjs';
import { writeDocFigures } from './results-table.mjs';

const TOKEN = 'dev-token';
const ADMIN = 'growth-admin-key-0123456789abcdefghijk';
/** The relays, mocks and load of a case, stopped between cases; Redis servers live in their own list, for a row. */
const children = [];
const servers = [];
const start = (args, env = {}) => startListening(children, args, env);

async function stop(list) {
  const exits = list
    .splice(0)
    .map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
        ),
    );
  await Promise.all(exits);
}
const stopAll = () => stop(children);

const load = (url, batch, seconds = 5, connections = 50, rate) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        'bench/load.mjs',
        url,
        'collect',
        String(batch),
        String(seconds),
        String(connections),
        ...(rate ? [String(rate)] : []),
      ],
      {
        encoding: 'utf8',
      },
    )
      .trim()
      .split('\n')
      .pop(),
  );

const relayEnv = (serviceUrl, dataDir, extra = {}) => ({
  SHOPBEACON_BASE_URL: serviceUrl,
  SHOPBEACON_TOKEN: TOKEN,
  SHOPBEACON_DATA_DIR: dataDir,
  SHOPBEACON_ADMIN_KEY: ADMIN,
  SHOPBEACON_RATE_LIMIT_IP: '0',
  SHOPBEACON_RATE_LIMIT_USER: '0',
  SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
  SHOPBEACON_LOG_LEVEL: 'warn',
  ...extra,
});
const startRelay = (serviceUrl, dataDir, extra) =>
  start(['bin/shopbeacon.js', 'relay', '--port', '0'], relayEnv(serviceUrl, dataDir, extra));
const stats = async (relay) =>
  (await fetch(`${relay}/stats`, { headers: { authorization: `Bearer ${ADMIN}` } })).json();
const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function closedPort() {
  return `http://127.0.0.1:${await freePort()}`;
}

/**
 * redis-server from Debian with the AOF the README asks for; undefined when it is not installed
 * (those rows are skipped).
 */
const startRedis = () => startRedisServer(servers, { prefix: 'sb-growth-redis-' });

/** Ingest with delivery idle (service down), then the delivery rate to a service at 0 ms, over `n` queued records. */
async function backlogCase(kind, n, fastMock, redisUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-growth-backlog-'));
  const extra = redisUrl
    ? {
        SHOPBEACON_REDIS_URL: redisUrl,
        SHOPBEACON_OUTBOX: 'redis',
        SHOPBEACON_OUTBOX_MAX_RECORDS: '10000000',
        SHOPBEACON_OUTBOX_MAX_BYTES: '10737418240',
      }
    : { SHOPBEACON_OUTBOX_MAX_RECORDS: '10000000', SHOPBEACON_OUTBOX_MAX_BYTES: '10737418240' };
  const filled = performance.now();
  await prefill({ dataDir, redisUrl }, n);
  const prefillSeconds = (performance.now() - filled) / 1000;
  const down = await startRelay(await closedPort(), dataDir, extra);
  const ingest = load(`${down}/collect`, 1);
  await stopAll();
  const up = await startRelay(fastMock(), dataDir, extra);
  const before = (await stats(up)).outbox.delivered;
  await sleep(10_000);
  const delivered = (await stats(up)).outbox.delivered - before;
  await stopAll();
  return {
    backend: kind,
    queued: n,
    prefillSeconds: +prefillSeconds.toFixed(1),
    ingestRps: Math.round(ingest.rps),
    ingestP99: ingest.p99,
    deliveryRps: Math.round(delivered / 10),
  };
}

async function backlogRow(sizes) {
  const rows = [];
  for (const backend of ['sqlite', 'redis']) {
    for (const n of sizes) {
      console.error(`backlog: ${backend}, ${n} queued…`);
      const redisUrl = backend === 'redis' ? await startRedis() : undefined;
      if (backend === 'redis' && !redisUrl) continue;
      const mocks = [];
      const mock = await startListening(mocks, ['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--token', TOKEN]);
      try {
        rows.push(await backlogCase(backend, n, () => mock, redisUrl));
      } finally {
        await stop(mocks);
        await stopAll();
        await stop(servers);
      }
    }
  }
  return rows;
}

async function importRow(sizes) {
  const rows = [];
  const mock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0']);
  for (const n of sizes) {
    console.error(`import: ${n} rows…`);
    const file = join(mkdtempSync(join(tmpdir(), 'sb-growth-import-')), 'orders.csv');
    const orders = await generateOrdersCsv(file, n);
    const out = execFileSync(process.execPath, ['bin/shopbeacon.js', 'import', 'orders', file], {
      encoding: 'utf8',
      env: {
        ...process.env,
        SHOPBEACON_BASE_URL: mock,
        SHOPBEACON_TOKEN: TOKEN,
        SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-growth-state-')),
      },
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 24,
    });
    rows.push({
      rows: n,
      orders,
      ordersPerSecond: Number(/(\d+) records\/s/.exec(out)?.[1]),
      seconds: Number(/, ([\d.]+) s,/.exec(out)?.[1]),
      peakMb: Number(/peak memory (\d+) MB/.exec(out)?.[1]),
    });
  }
  await stopAll();
  return rows;
}

function sweepRow(sizes) {
  console.error(`sweep: ${sizes.join(', ')} orders…`);
  const out = execFileSync(process.execPath, ['bench/sync-sweep.mjs', ...sizes.map(String)], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Node closes an idle keep-alive connection after 5 s: the figures are read while all of them are open. */
async function connectionsRow(sizes) {
  const rows = [];
  for (const n of sizes) {
    console.error(`connections: ${n}…`);
    const relay = await startRelay(await closedPort(), mkdtempSync(join(tmpdir(), 'sb-growth-conn-')));
    const pid = children.at(-1).pid;
    const idleMb = rssMb(pid);
    const opened = performance.now();
    const sockets = await openConnections(relay, n);
    const openSeconds = (performance.now() - opened) / 1000;
    const withMb = rssMb(pid);
    const probe = load(`${relay}/collect`, 1, 2, 10, 500);
    const open = sockets.filter((s) => !s.destroyed).length;
    for (const socket of sockets) socket.destroy();
    await stopAll();
    rows.push({
      connections: n,
      openSeconds: +openSeconds.toFixed(2),
      stillOpenAfterProbe: open,
      rssIdleMb: idleMb,
      rssMb: withMb,
      kbPerConnection: Math.round((((withMb - idleMb) * 1024) / n) * 10) / 10,
      probeP99: probe.p99,
      probeRps: Math.round(probe.rps),
    });
  }
  return rows;
}

/**
 * One relay, then two on the same Redis Streams outbox, the same 50 connections split between them;
 * service down, so this is the way in.
 */
async function scaleOutRow() {
  console.error('scale-out…');
  const redisUrl = await startRedis();
  if (!redisUrl) return undefined;
  const down = await closedPort();
  const extra = { SHOPBEACON_REDIS_URL: redisUrl, SHOPBEACON_OUTBOX: 'redis' };
  const one = await startRelay(down, mkdtempSync(join(tmpdir(), 'sb-growth-one-')), extra);
  const single = load(`${one}/collect`, 1);
  const two = await startRelay(down, mkdtempSync(join(tmpdir(), 'sb-growth-two-')), extra);
  const loads = [one, two].map((url) =>
    spawn(process.execPath, ['bench/load.mjs', `${url}/collect`, 'collect', '1', '5', '25'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const results = await Promise.all(
    loads.map(
      (child) =>
        new Promise((resolve) => {
          let out = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.once('exit', () => resolve(JSON.parse(out.trim().split('\n').pop())));
        }),
    ),
  );
  await stopAll();
  await stop(servers);
  return {
    oneRelayRps: Math.round(single.rps),
    twoRelaysRps: Math.round(results[0].rps + results[1].rps),
    perRelay: results.map((r) => Math.round(r.rps)),
  };
}

const ROWS = {
  backlog: () => backlogRow([0, 100_000, 1_000_000]),
  import: () => importRow([10_000, 100_000, 1_000_000]),
  sweep: () => sweepRow([10_000, 100_000]),
  connections: () => connectionsRow([100, 1_000, 10_000]),
  scaleout: () => scaleOutRow(),
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(ROWS);
const unknown = wanted.filter((row) => !(row in ROWS));
if (unknown.length > 0) {
  console.error(`bench/growth.mjs: no row ${unknown.join(', ')}; rows: ${Object.keys(ROWS).join(', ')}`);
  process.exit(2);
}
try {
  for (const row of wanted) {
    const measured = await ROWS[row]();
    console.log(JSON.stringify({ [row]: measured }));
    await stopAll();
    // Written after each row: an hour of rows is not lost to a later one failing.
    writeFileSync('bench/results/growth.svg', charts(writeResults('growth', { [row]: measured })));
  }
  writeDocFigures();
} finally {
  await stopAll();
  await stop(servers);
}
