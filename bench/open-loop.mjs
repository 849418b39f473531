// Open-loop load generator, in its own process, as wrk2 measures: requests are sent on a fixed
// schedule (`rate` per second) whatever the answers do, and each latency is counted from when its
// request was due, not from when it went out. A closed loop waits for an answer before the next
// request, so a server that stalls is sent less during the stall and its slow answers are counted
// once ("coordinated omission"); here a stall delays every request due during it, as it delays a
// shop's shoppers. The first second warms up and is not counted. Prints one JSON line.
// Run: node bench/open-loop.mjs <url> <collect|service> <rate> <seconds>
import { randomBytes } from 'node:crypto';
import { clearInterval, setInterval } from 'node:timers';
import { Pool } from 'undici';

const [url, mode = 'collect', rate = '500', seconds = '5'] = process.argv.slice(2);
const WARM_MS = 1_000;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const target = new URL(url);
// Enough connections that none waits for another's answer at the highest rate and a slow turn.
const pool = new Pool(target.origin, { connections: 1_024, pipelining: 1 });
const interval = 1_000 / Number(rate);
const total = Math.round((Number(rate) * (WARM_MS + Number(seconds) * 1_000)) / 1_000);
let n = 0;

/** One event as the snippet (`collect`) or a shop's server (`service`) sends it. */
function body() {
  const event = {
    event_name: 'Added To Cart',
    event: { product_id: 501, price: 19.9, currency: 'EUR', quantity: 1 },
    user_id: `bench-user-${++n % 5000}`,
    datetime: `${new Date().toISOString().slice(0, 19).replace('T', ' ')}+00:00`,
  };
  if (mode === 'service') return JSON.stringify(event);
  return JSON.stringify({ events: [{ ...event, event_id: randomBytes(15).toString('base64url') }] });
}

const headers = {
  'content-type': mode === 'service' ? 'application/json' : 'text/plain;charset=UTF-8',
  'user-agent': UA,
};
const latencies = [];
let failed = 0;
let settled = 0;

/** Sends request `i`, due at `due` (ms, performance.now()), and records its latency once answered. */
async function send(i, due) {
  try {
    const answer = await pool.request({ path: target.pathname, method: 'POST', headers, body: body() });
    await answer.body.dump();
    if (answer.statusCode >= 300) failed++;
  } catch {
    failed++;
  }
  if (due - start >= WARM_MS) latencies.push(performance.now() - due);
  settled++;
}

const start = performance.now();
let sent = 0;
let done;
const finished = new Promise((resolve) => (done = resolve));
// A 1 ms tick sends every request due by now, each keeping its own due time.
const ticker = setInterval(() => {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now)
    void send(sent, start + sent++ * interval).then(() => settled === total && done());
  if (sent === total) clearInterval(ticker);
}, 1);
await finished;
await pool.close();

const sorted = latencies.sort((a, b) => a - b);
const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
const elapsed = (performance.now() - start) / 1_000;
console.log(
  JSON.stringify({
    rate: Number(rate),
    counted: sorted.length,
    failed,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    seconds: elapsed,
  }),
);
