// The latency rows of `npm run bench`: what a shop's request waits at the same offered rates, the
// relay against nginx as the proxy a shop would build instead, both in front of the same service
// at 20 ms. Each load is open loop (`open-loop.mjs`), so both are sent the same requests at the same
// times; a bare server measured the same way shows what the load generator itself adds.
import { execFileSync } from 'node:child_process';
import { drained } from './ingest-rows.mjs';
import { fmt, spread } from './spread.mjs';

export const LATENCY_RATES = [500, 2_000, 4_000];

const openLoop = (url, mode, rate, seconds) =>
  JSON.parse(
    execFileSync(process.execPath, ['bench/open-loop.mjs', url, mode, String(rate), String(seconds)], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop(),
  );

/** `runs` rounds, each every rate against the relay (drained first), nginx and the bare server, in turn. */
export async function latencyScenario({ relay, nginx, bare, adminKey, runs, seconds }) {
  const samples = LATENCY_RATES.map(() => ({ relay: [], nginx: [], bare: [] }));
  for (let run = 0; run < runs; run++) {
    for (const [i, rate] of LATENCY_RATES.entries()) {
      await drained(relay, adminKey);
      samples[i].relay.push(openLoop(`${relay}/collect`, 'collect', rate, seconds));
      samples[i].nginx.push(openLoop(`${nginx}/v1/track`, 'service', rate, seconds));
      samples[i].bare.push(openLoop(`${bare}/collect`, 'collect', rate, seconds));
    }
  }
  return LATENCY_RATES.map((rate, i) => ({ rate, ...summaries(samples[i]) }));
}

/** Each target's p50 and p99 as spreads over the runs, and the requests that failed in all. */
function summaries(sample) {
  const of = (runs) => ({
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    failed: runs.reduce((sum, r) => sum + r.failed, 0),
  });
  return { relay: of(sample.relay), nginx: of(sample.nginx), bare: of(sample.bare) };
}

const tenth = (n) => n.toFixed(1);
const ms = (s) => `${tenth(s.median)} ms (${tenth(s.min)}–${tenth(s.max)})`;
const failures = (target) => (target.failed ? `; ${fmt(target.failed)} failed` : '');

/** One row per offered rate: the relay's p99 against nginx's, the bare server's as the instrument's floor. */
export function latencyRows(latency, runs) {
  return latency.map(
    (r) =>
      `| client latency at ${fmt(r.rate)} req/s offered, service at 20 ms (open loop, from each request's due time; ${runs} runs) | relay p50 ${ms(r.relay.p50)}, p99 ${ms(r.relay.p99)}${failures(r.relay)} | nginx proxy adding the token: p50 ${ms(r.nginx.p50)}, p99 ${ms(r.nginx.p99)}${failures(r.nginx)}; the load generator against a bare server: p99 ${ms(r.bare.p99)} | ${r.relay.p99.median < r.nginx.p99.median ? 'met' : 'missed'} (target: relay p99 below nginx's) |`,
  );
}
