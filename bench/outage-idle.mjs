// `npm run bench:outage`: what the relay costs while the service is down, measured here rather than
// asserted on a timed window in a test, which a busy machine makes fail. Each round
// queues EVENTS events with the service dropping every call, waits for /readyz to name the outage,
// then measures over a window the relay's share of a core (process_cpu_seconds_total) and its calls
// to the service; then the service returns and the backlog's drain is timed. Rows are medians of
// the rounds with their min–max, written to bench/results/outage-latest.json and the paragraphs
// that state them. Options: --events N (30,000), --rounds N (3), --window s (4).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createMockUpstream } from '../dist/relay/mock-upstream/index.js';
import { BENCH_ADMIN_KEY, startListening } from './processes.mjs';
import { writeResults } from './results-file.mjs';
import { writeDocFigures } from './results-table.mjs';
import { range, spread } from './spread.mjs';

const { values } = parseArgs({
  options: { events: { type: 'string' }, rounds: { type: 'string' }, window: { type: 'string' } },
});
const EVENTS = Number(values.events ?? 30_000);
const ROUNDS = Number(values.rounds ?? 3);
const WINDOW_S = Number(values.window ?? 4);
const TOKEN = 'bench-token';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const text = async (url, headers = {}) => (await fetch(url, { headers })).text();
const cpuSeconds = async (relay) =>
  Number(
    /^process_cpu_seconds_total (\S+)$/m.exec(
      await text(`${relay}/metrics`, { authorization: `Bearer ${BENCH_ADMIN_KEY}` }),
    )?.[1],
  );
const until = async (check, what, ms = 120_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

async function queue(relay) {
  let seq = 0;
  for (let sent = 0; sent < EVENTS; sent += 50) {
    // One browser's batch: the relay refuses a batch's events beyond the visitors a browser could be.
    const visitor = `u-${(sent / 50) % 500}`;
    const events = Array.from({ length: 50 }, () => ({
      event_name: 'Added To Cart',
      event: { product_id: 1, seq: seq++ },
      event_id: `o-${process.pid}-${seq}`,
      user_id: visitor,
      captured_at: Date.now(),
    }));
    const answer = await fetch(`${relay}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA, origin: relay },
      body: JSON.stringify({ events }),
    });
    if (answer.status !== 200) throw new Error(`/collect answered ${answer.status}: ${await answer.text()}`);
  }
}

async function round() {
  const mock = await createMockUpstream({ token: TOKEN, faults: { mode: 'drop' } });
  const children = [];
  try {
    const env = {
      SHOPBEACON_BASE_URL: mock.url,
      SHOPBEACON_TOKEN: TOKEN,
      SHOPBEACON_ADMIN_KEY: BENCH_ADMIN_KEY,
      SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-outage-')),
      SHOPBEACON_RATE_LIMIT_IP: '0',
      SHOPBEACON_RATE_LIMIT_USER: '0',
      SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
      SHOPBEACON_LOG_LEVEL: 'warn',
    };
    const relay = await startListening(children, ['bin/shopbeacon.js', 'relay', '--port', '0'], env);
    await queue(relay);
    await until(
      async () =>
        /the service is unreachable since/.test(
          await text(`${relay}/readyz`, { authorization: `Bearer ${BENCH_ADMIN_KEY}` }),
        ),
      '/readyz naming the outage (to the admin key)',
    );
    const [calls, cpu, began] = [mock.calls().length, await cpuSeconds(relay), performance.now()];
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const seconds = (performance.now() - began) / 1000;
    const idle = {
      core: (100 * ((await cpuSeconds(relay)) - cpu)) / seconds,
      callsPerMinute: ((mock.calls().length - calls) / seconds) * 60,
    };
    const returned = performance.now();
    mock.setFaults({ mode: 'normal' });
    await until(() => mock.records('events').length >= EVENTS, 'every event at the service');
    return { ...idle, drainSeconds: (performance.now() - returned) / 1000 };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await mock.close();
  }
}

const rounds = [];
for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
const figure = (field) => spread(rounds.map((r) => +r[field].toFixed(1)));
const idle = { core: figure('core'), callsPerMinute: figure('callsPerMinute'), drainSeconds: figure('drainSeconds') };
const one = (n) => n.toFixed(1);
console.log(
  `| ${EVENTS.toLocaleString('en-US')} events queued, service down | median (min–max) of ${ROUNDS} rounds |\n|---|---|`,
);
console.log(`| relay CPU, % of a core over ${WINDOW_S} s | ${range(idle.core, one)} |`);
console.log(`| calls to the service per minute (probes) | ${range(idle.callsPerMinute, one)} |`);
console.log(`| drain once it returns, s | ${range(idle.drainSeconds, one)} |`);
writeResults('outage', { idle: { events: EVENTS, rounds: ROUNDS, windowSeconds: WINDOW_S, ...idle } });
writeDocFigures();
