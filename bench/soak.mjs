// `npm run soak`: a steady load against the relay and the mock service (1% of calls failing with
// 503) for a while (default 10 minutes), then checks every acknowledged event arrived. Options:
// --minutes N (SOAK_MINUTES), --rate requests/s (SOAK_RATE), --batch events/request (SOAK_BATCH),
// --latency ms of the service (default 0), --fail-rate share of its calls answered 503 (default
// 0.01), --outage-at minute --outage-minutes N (the service answers every call 503 meanwhile),
// --restart-at minute (SIGTERM to the relay, started again on its port and data).
import { fitLine } from './line-fit.mjs';
import { writeDocFigures } from './results-table.mjs';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setInterval, clearInterval } from 'node:timers';
import { Agent, request } from 'undici';
import { startListening } from './processes.mjs';
import { freePort } from './free-port.mjs';
import { outboxFiles } from './soak-disk.mjs';
import { relayMetrics } from './relay-metrics.mjs';
import { createLoad, createReceipts, mb, minuteCharts, percentile, reconcile, setMockFaults } from './soak-parts.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    rate: { type: 'string' },
    batch: { type: 'string' },
    latency: { type: 'string' },
    'outage-at': { type: 'string' },
    'outage-minutes': { type: 'string' },
    'restart-at': { type: 'string' },
    'fail-rate': { type: 'string' },
  },
});
const MINUTES = Number(args.minutes ?? process.env.SOAK_MINUTES ?? 10);
const RATE = Number(args.rate ?? process.env.SOAK_RATE ?? 100);
const BATCH = Number(args.batch ?? process.env.SOAK_BATCH ?? 5);
const LATENCY = Number(args.latency ?? 0);
const FAIL_RATE = Number(args['fail-rate'] ?? 0.01);
const OUTAGE_AT = args['outage-at'] === undefined ? undefined : Number(args['outage-at']);
const OUTAGE_MINUTES = Number(args['outage-minutes'] ?? 5);
const RESTART_AT = args['restart-at'] === undefined ? undefined : Number(args['restart-at']);
const ADMIN = 'soak-admin-key-0123456789abcdefghijklm';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const children = [];

const start = (args, env = {}) => startListening(children, args, env, 'inherit');

const agent = new Agent({ connections: 64, pipelining: 1 });
const json = async (url, headers = {}) =>
  JSON.parse(await (await request(url, { headers, dispatcher: agent })).body.text());
const metrics = (relay) => relayMetrics(relay, ADMIN, agent);
/** The relay as a process on a fixed port and data directory, so a restart comes back where it was. */
async function relayProcess(mock, port, dataDir) {
  const env = {
    SHOPBEACON_BASE_URL: mock,
    SHOPBEACON_TOKEN: 'dev-token',
    SHOPBEACON_ADMIN_KEY: ADMIN,
    SHOPBEACON_DATA_DIR: dataDir,
    SHOPBEACON_RATE_LIMIT_IP: '0',
    SHOPBEACON_RATE_LIMIT_USER: '0',
    SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
    SHOPBEACON_LOG_LEVEL: 'warn',
  };
  const url = await start(['bin/shopbeacon.js', 'relay', '--port', String(port)], env);
  return { url, child: children.at(-1) };
}

const setFaults = (mock, faults) => setMockFaults(mock, faults, agent);

/** The scenario's moments, by minute: the outage's start and end, the restart. */
function scenario(mock, relay, port, dataDir) {
  const steps = [];
  if (OUTAGE_AT !== undefined) {
    steps.push({
      minute: OUTAGE_AT,
      what: 'outage begins',
      run: () => setFaults(mock, { failRate: 1, failStatus: 503 }),
    });
    steps.push({
      minute: OUTAGE_AT + OUTAGE_MINUTES,
      what: 'outage ends',
      run: () => setFaults(mock, { failRate: FAIL_RATE, failStatus: 503 }),
    });
  }
  if (RESTART_AT !== undefined) {
    steps.push({
      minute: RESTART_AT,
      what: 'relay restart (SIGTERM)',
      run: async () => {
        relay.limitAtRestart = (await metrics(relay.url)).deliveryLimit;
        const exited = new Promise((resolve) => relay.child.once('exit', resolve));
        relay.child.kill('SIGTERM');
        await exited;
        Object.assign(relay, await relayProcess(mock, port, dataDir));
      },
    });
  }
  return steps;
}

/** Each minute: RSS, heap, p99 of the minute's requests, the outbox's files. */
async function sampleMinute(relay, load, started, dataDir, perMinute) {
  const minute = Math.round((Date.now() - started) / 60_000);
  const sorted = load.minute.sort((a, b) => a - b);
  load.minute = [];
  const refusals = load.minuteRefusals;
  load.minuteRefusals = {};
  const tenths = (bytes) => Math.round(bytes / 104_857.6) / 10;
  const { rss: r, heap: h } = await metrics(relay.url).catch(() => ({ rss: NaN, heap: NaN }));
  const queued = await queuedRecords(relay).catch(() => NaN);
  const sample = {
    minute,
    rssMb: tenths(r),
    heapMb: tenths(h),
    requests: sorted.length,
    p99Ms: sorted.length ? +percentile(sorted, 99).toFixed(1) : null,
    queued,
    refusals,
    ...outboxFiles(dataDir),
  };
  perMinute.push(sample);
  process.stderr.write(
    `  minute ${minute}: RSS ${sample.rssMb} MB, heap ${sample.heapMb} MB, p99 ${sample.p99Ms} ms, queued ${queued}, outbox ${sample.outboxMb} MB, WAL ${sample.walMb} MB${Object.keys(refusals).length ? `, refused ${JSON.stringify(refusals)}` : ''}\n`,
  );
}

/** Runs the load for `MINUTES`, the scenario's steps at their minutes. */
async function runLoad(load, steps, started) {
  const end = started + MINUTES * 60_000;
  let due = 0;
  const pending = [];
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      if (Date.now() >= end) return (clearInterval(tick), resolve());
      const step = steps[0];
      if (step && Date.now() >= started + step.minute * 60_000) {
        steps.shift();
        process.stderr.write(`  minute ${step.minute}: ${step.what}\n`);
        pending.push(step.run());
      }
      due += RATE / 100;
      for (; due >= 1; due--) pending.push(load.send());
      if (pending.length > 10_000) pending.splice(0, pending.length - 1000);
    }, 10);
  });
  await Promise.all(pending);
}

/** Records in the outbox not yet delivered, of every kind. */
async function queuedRecords(relay) {
  const stats = await json(`${relay.url}/stats`, { authorization: `Bearer ${ADMIN}` });
  return Object.values(stats.outbox.queued).reduce((sum, n) => sum + n, 0);
}

async function drain(relay) {
  const drainStarted = Date.now();
  for (;;) {
    if ((await queuedRecords(relay)) === 0) break;
    if (Date.now() - drainStarted > 600_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return Math.round((Date.now() - drainStarted) / 1000);
}

async function main() {
  const mock = await start([
    'bin/shopbeacon.js',
    'mock-upstream',
    '--port',
    '0',
    '--fail-rate',
    String(FAIL_RATE),
    '--fail-status',
    '503',
    '--latency-ms',
    String(LATENCY),
  ]);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-soak-'));
  const relay = await relayProcess(mock, port, dataDir);
  console.error(
    `soak: ${MINUTES} min at ${RATE} requests/s x ${BATCH} events, service at ${LATENCY} ms failing ${FAIL_RATE * 100}% of calls with 503${OUTAGE_AT === undefined ? '' : `, outage minutes ${OUTAGE_AT}-${OUTAGE_AT + OUTAGE_MINUTES}`}${RESTART_AT === undefined ? '' : `, restart at minute ${RESTART_AT}`}`,
  );
  const run = { rate: RATE, batch: BATCH, seconds: MINUTES * 60 + 600, agent, userAgent: UA };
  const load = createLoad(relay.url, run);
  const receipts = createReceipts(mock, run);
  const receiving = setInterval(() => void receipts.take().catch(() => undefined), 5_000);
  const { rss: rssStart, heap: heapStart } = await metrics(relay.url);
  const started = Date.now();
  const perMinute = [];
  const minuteSample = setInterval(() => void sampleMinute(relay, load, started, dataDir, perMinute), 60_000);
  await runLoad(load, scenario(mock, relay, port, dataDir), started);
  clearInterval(minuteSample);
  const seconds = (Date.now() - started) / 1000;
  const { rss: rssEnd, heap: heapEnd } = await metrics(relay.url);
  const drainSeconds = await drain(relay);
  const afterDrain = outboxFiles(dataDir);
  // The relay gives back free pages once a minute: the end size is read after its next run.
  await new Promise((r) => setTimeout(r, 65_000));
  const end = outboxFiles(dataDir);
  clearInterval(receiving);
  await receipts.take();
  const mockStats = await json(`${mock}/_mock/stats`);
  const { lost, delivered, duplicates } = reconcile(load, receipts);
  const sorted = load.latencies.sort((a, b) => a - b);
  const steady = perMinute.filter((s) => s.minute > 2 && (RESTART_AT === undefined || s.minute !== RESTART_AT + 1));
  const fitOf = (field) =>
    fitLine(steady.map((s) => ({ x: s.minute, y: s[field] })).filter((p) => Number.isFinite(p.y)));
  const result = {
    date: new Date().toISOString(),
    minutes: MINUTES,
    rate: RATE,
    batch: BATCH,
    latencyMs: LATENCY,
    failRate: FAIL_RATE,
    outageAt: OUTAGE_AT,
    outageMinutes: OUTAGE_AT === undefined ? undefined : OUTAGE_MINUTES,
    restartAt: RESTART_AT,
    seconds: Math.round(seconds),
    requests: load.latencies.length,
    requestsPerSecond: Math.round(load.latencies.length / seconds),
    eventsPerSecond: Math.round(load.ackedCount / seconds),
    statuses: load.statuses,
    collectLatencyMs: {
      p50: +percentile(sorted, 50).toFixed(1),
      p95: +percentile(sorted, 95).toFixed(1),
      p99: +percentile(sorted, 99).toFixed(1),
      max: +sorted[sorted.length - 1].toFixed(1),
    },
    rssMb: {
      start: mb(rssStart),
      peak: Math.max(...perMinute.map((s) => s.rssMb).filter(Number.isFinite)),
      end: mb(rssEnd),
    },
    heapUsedMb: { start: mb(heapStart), end: mb(heapEnd) },
    disk: {
      outboxPeakMb: Math.max(...perMinute.map((s) => s.outboxMb)),
      walPeakMb: Math.max(...perMinute.map((s) => s.walMb)),
      afterDrain,
      end,
    },
    perMinute,
    // MB per minute after the first two minutes (warm-up) and the restart's minute, ± its standard error.
    fit: { rss: fitOf('rssMb'), heap: fitOf('heapMb') },
    acknowledged: load.ackedCount,
    delivered,
    lost,
    duplicates,
    // The crash test's bound for one stop: twice the limit in flight plus twice it for the acknowledgement batch.
    duplicateBound: relay.limitAtRestart === undefined ? 0 : 4 * relay.limitAtRestart,
    limitAtRestart: relay.limitAtRestart,
    serviceCalls: mockStats.calls,
    drainSeconds,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/soak-latest.json', `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync('bench/results/soak-minutes.svg', minuteCharts(perMinute));
  writeDocFigures();
  console.log(JSON.stringify({ ...result, perMinute: undefined }, null, 2));
  const overBound = result.restartAt !== undefined && result.duplicates > result.duplicateBound;
  if (lost > 0 || overBound) {
    console.error(
      `soak FAILED: ${lost} acknowledged events lost, ${duplicates} duplicates (bound ${result.duplicateBound})`,
    );
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await agent.close();
}
