// The sustained-rate row of `npm run bench`: the highest rate of `/collect` requests
// (1 event each) at which the relay's outbox does not grow over 30 s with the service at 20 ms,
// found by bisection with fixed-rate loads; next to it, the bare undici loop's delivery rate to
// the same service at its best fixed concurrency. "Does not grow": between the 5th and the 35th
// second of the load the outbox gains less than one second's worth of the offered rate (what is
// claimed and in flight at any moment is always some hundreds of records).
import { spawn } from 'node:child_process';
import { drained, queuedEvents as queued } from './ingest-rows.mjs';

const WARM_S = 5;
const WINDOW_S = 30;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One fixed-rate load of `seconds`, in its own process; resolves with its JSON line. */
function loadAtRate(url, rate, seconds) {
  const child = spawn(process.execPath, ['bench/load.mjs', url, 'collect', '1', String(seconds), '50', String(rate)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.once('exit', () => resolve(JSON.parse(out.trim().split('\n').pop()))));
}

async function probe(relay, adminKey, rate) {
  await drained(relay, adminKey);
  const load = loadAtRate(`${relay}/collect`, rate, WARM_S + WINDOW_S + 1);
  await sleep(WARM_S * 1000);
  const first = await queued(relay, adminKey);
  await sleep(WINDOW_S * 1000);
  const growth = (await queued(relay, adminKey)) - first;
  const result = await load;
  return {
    rate,
    achieved: Math.round(result.rps),
    growth,
    holds: growth < rate && result.rps >= rate * 0.95 && result.non2xx + result.errors === 0,
  };
}

/** Bisection between `lo` (assumed sustained) and `hi` (the relay's unthrottled ingest rate). */
export async function sustainedRate({ relay, adminKey, lo, hi, steps = 5 }) {
  const probes = [];
  for (let i = 0; i < steps; i++) {
    const result = await probe(relay, adminKey, Math.round((lo + hi) / 2));
    probes.push(result);
    if (result.holds) lo = result.rate;
    else hi = result.rate;
  }
  return { rate: lo, probes };
}

/** The bare undici loop's delivery rate to `mock` at the best of three fixed concurrencies. */
export function undiciRate(node, mock) {
  const tries = [64, 256, 512].map((c) => ({
    c,
    rate: node(['bench/delivery.mjs', mock, 'undici', '20000', String(c)]).rate,
  }));
  return tries.sort((a, b) => b.rate - a.rate)[0];
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

export function sustainedRow(sustained, undici) {
  const tried = sustained.probes.map((p) => `${fmt(p.rate)} ${p.holds ? '✓' : `✗ (+${fmt(p.growth)})`}`).join(', ');
  return `| sustained rate, end to end: the highest /collect rate (1 event/request) at which the outbox does not grow over 30 s, service at 20 ms | ${fmt(sustained.rate)} events/s (bisection: ${tried}) | bare undici loop delivering to the same service, ${undici.c} in flight: ${fmt(undici.rate)} records/s | ${Math.round((100 * sustained.rate) / undici.rate)} % |`;
}
