// `npm run soak`: a steady load against the relay and the mock service (1% of calls failing with
// 503) for a while (default 10 minutes), then checks every acknowledged event arrived.
// Options: --minutes N (SOAK_MINUTES), --rate requests/s (SOAK_RATE), --batch events/request (SOAK_BATCH).
import { fitLine } from './line-fit.mjs';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setInterval, clearInterval } from 'node:timers';
import { Agent, request } from 'undici';
import { startListening } from './processes.mjs';

const { values: args } = parseArgs({ options: { minutes: { type: 'string' }, rate: { type: 'string' }, batch: { type: 'string' } } });
const MINUTES = Number(args.minutes ?? process.env.SOAK_MINUTES ?? 10);
const RATE = Number(args.rate ?? process.env.SOAK_RATE ?? 100);
const BATCH = Number(args.batch ?? process.env.SOAK_BATCH ?? 5);
const ADMIN = 'soak-admin-key';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const children = [];

const start = (args, env = {}) => startListening(children, args, env, 'inherit');

const agent = new Agent({ connections: 64, pipelining: 1 });
const json = async (url, headers = {}) => JSON.parse(await (await request(url, { headers, dispatcher: agent })).body.text());
async function memory(relay) {
  const text = await (await request(`${relay}/metrics`, { dispatcher: agent })).body.text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return { rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes') };
}
const rss = async (relay) => (await memory(relay)).rss;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => Math.round(bytes / 1048576);

async function main() {
  const mock = await start(['bin/shopbeacon.js', 'mock-upstream', '--port', '0', '--fail-rate', '0.01', '--fail-status', '503']);
  const relay = await start(['bin/shopbeacon.js', 'relay', '--port', '0'], {
    SHOPBEACON_BASE_URL: mock, SHOPBEACON_TOKEN: 'dev-token', SHOPBEACON_ADMIN_KEY: ADMIN, SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-soak-')),
    SHOPBEACON_RATE_LIMIT_IP: '0', SHOPBEACON_RATE_LIMIT_USER: '0', SHOPBEACON_LOG_LEVEL: 'warn',
  });
  console.error(`soak: ${MINUTES} min at ${RATE} requests/s x ${BATCH} events, mock service failing 1% of calls with 503`);
  const acked = new Set();
  const latencies = [];
  const statuses = {};
  let seq = 0;
  let inFlight = 0;
  const send = async () => {
    const events = Array.from({ length: BATCH }, () => ({ event_id: `soak-${++seq}`, user_id: `soak-user-${seq % 20000}`, event_name: 'Added To Cart', event: { product_id: 501, price: 19.9, currency: 'EUR', seq } }));
    const started = performance.now();
    inFlight++;
    try {
      const answer = await request(`${relay}/collect`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': UA }, body: JSON.stringify({ events }), dispatcher: agent });
      await answer.body.dump();
      statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      if (answer.statusCode === 200) for (const e of events) acked.add(e.event.seq);
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    } finally {
      inFlight--;
      latencies.push(performance.now() - started);
    }
  };
  const { rss: rssStart, heap: heapStart } = await memory(relay);
  let rssPeak = rssStart;
  const started = Date.now();
  /** RSS and heap each minute (issue #16), for the line fit after the first two minutes. */
  const perMinute = [];
  const minuteSample = setInterval(async () => {
    const { rss: r, heap: h } = await memory(relay);
    const minute = Math.round((Date.now() - started) / 60_000);
    const tenths = (bytes) => Math.round(bytes / 104_857.6) / 10;
    perMinute.push({ minute, rssMb: tenths(r), heapMb: tenths(h) });
    process.stderr.write(`  minute ${minute}: RSS ${tenths(r)} MB, heap ${tenths(h)} MB\n`);
  }, 60_000);
  const end = started + MINUTES * 60_000;
  let due = 0;
  const pending = [];
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      if (Date.now() >= end) return clearInterval(tick), resolve();
      due += RATE / 100;
      for (; due >= 1; due--) pending.push(send());
      if (pending.length > 10_000) pending.splice(0, pending.length - 1000);
    }, 10);
    const sample = setInterval(async () => {
      if (Date.now() >= end) return clearInterval(sample);
      rssPeak = Math.max(rssPeak, await rss(relay));
      process.stderr.write(`  ${Math.round((Date.now() - started) / 1000)} s: ${latencies.length} requests, ${acked.size} events acknowledged, ${inFlight} in flight, RSS ${mb(rssPeak)} MB peak\n`);
    }, 30_000);
  });
  await Promise.all(pending);
  clearInterval(minuteSample);
  const seconds = (Date.now() - started) / 1000;
  const { rss: rssEnd, heap: heapEnd } = await memory(relay);
  const drainStarted = Date.now();
  for (;;) {
    const stats = await json(`${relay}/stats`, { authorization: `Bearer ${ADMIN}` });
    if (Object.values(stats.outbox.queued).every((n) => n === 0)) break;
    if (Date.now() - drainStarted > 300_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const records = await json(`${mock}/_mock/records?kind=events`);
  const mockStats = await json(`${mock}/_mock/stats`);
  const delivered = new Set(records.map((r) => r.event.seq));
  const lost = [...acked].filter((s) => !delivered.has(s)).length;
  const sorted = latencies.sort((a, b) => a - b);
  const result = {
    minutes: MINUTES, rate: RATE, batch: BATCH, seconds: Math.round(seconds),
    requests: latencies.length, requestsPerSecond: Math.round(latencies.length / seconds), eventsPerSecond: Math.round(acked.size / seconds), statuses,
    latencyMs: { p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1), p99: +percentile(sorted, 99).toFixed(1), max: +sorted[sorted.length - 1].toFixed(1) },
    rssMb: { start: mb(rssStart), peak: mb(rssPeak), end: mb(rssEnd) },
    heapUsedMb: { start: mb(heapStart), end: mb(heapEnd) },
    perMinute,
    // MB per minute after the first two minutes (warm-up), ± its standard error.
    fit: { rss: fitLine(perMinute.filter((s) => s.minute > 2).map((s) => ({ x: s.minute, y: s.rssMb }))), heap: fitLine(perMinute.filter((s) => s.minute > 2).map((s) => ({ x: s.minute, y: s.heapMb }))) },
    acknowledged: acked.size, delivered: delivered.size, lost, duplicates: records.length - delivered.size,
    serviceCalls: mockStats.calls, drainSeconds: Math.round((Date.now() - drainStarted) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/soak-latest.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await agent.close();
}
