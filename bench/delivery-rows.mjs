// The delivery rows of `npm run bench`: the relay's worker against a bare undici loop
// at its best fixed concurrency, in interleaved runs (undici, relay, undici, relay, …) against the
// same mock, each printed as a median with its spread (min–max across runs).

import { fmt, pct, spread } from './spread.mjs';

/**
 * The service as each row has it, and the fixed concurrencies the undici loop is tried with. At
 * 50 ms the relay's start-up ramp (one call, doubling each round trip: ~0.7 s to 512) is a quarter
 * of a 20,000-record drain, so that row drains 80,000 (~10 s): it measures the pace the relay
 * keeps, as a sale-day backlog would see it (fifth session: 72–79 % at 20,000, 90–97 % at 80,000).
 */
export const SCENARIOS = [
  { name: 'service at 0 ms', mockArgs: [], records: 20_000, tries: [4, 16, 64], goal: 0.9 },
  { name: 'service at 50 ms', mockArgs: ['--latency-ms', '50'], records: 80_000, tries: [64, 256, 512], goal: 0.9 },
  {
    name: 'service limited to 1,000 calls/s',
    mockArgs: ['--rate-limit', '1000'],
    records: 10_000,
    tries: [1, 4, 16],
    goal: undefined,
  },
];

/**
 * Runs one scenario: picks the undici loop's best concurrency with a short run of each, then
 * `runs` interleaved pairs. `node(args)` runs a script and returns its JSON line.
 */
export function deliveryScenario(node, mockUrl, scenario, runs, relayMax) {
  const probe = Math.max(2_000, scenario.records / 5);
  const best = scenario.tries
    .map((c) => ({ c, rate: node(['bench/delivery.mjs', mockUrl, 'undici', String(probe), String(c)]).rate }))
    .sort((a, b) => b.rate - a.rate)[0].c;
  const undici = [];
  const relay = [];
  for (let i = 0; i < runs; i++) {
    undici.push(node(['bench/delivery.mjs', mockUrl, 'undici', String(scenario.records), String(best)]));
    relay.push(node(['bench/delivery.mjs', mockUrl, 'relay', String(scenario.records), String(relayMax)]));
  }
  const ratios = relay.map((r, i) => r.rate / undici[i].rate);
  const rateLimitedShare = relay.map((r) => (r.calls ? r.rateLimited / r.calls : 0));
  return {
    name: scenario.name,
    goal: scenario.goal,
    best,
    runs,
    relay: spread(relay.map((r) => r.rate)),
    undici: spread(undici.map((r) => r.rate)),
    ratio: spread(ratios),
    rateLimitedShare: spread(rateLimitedShare),
    limits: relay.map((r) => r.limit),
  };
}

/** One Markdown row per scenario. */
export function deliveryRows(results) {
  return results.map((r) => {
    const verdict =
      r.goal !== undefined
        ? `${pct(r.ratio.median)} (${pct(r.ratio.min)}–${pct(r.ratio.max)}); target ≥ ${pct(r.goal)}: ${r.ratio.median >= r.goal ? 'met' : 'missed'}`
        : `${fmt(r.relay.median)} records/s with ${pct(r.rateLimitedShare.median)} of calls answered 429; target ≥ 900 records/s and ≤ 5 %: ${r.relay.median >= 900 && r.rateLimitedShare.median <= 0.05 ? 'met' : 'missed'}`;
    return `| delivery, ${r.name} (adaptive, ${r.runs} interleaved runs) | ${fmt(r.relay.median)} records/s (${fmt(r.relay.min)}–${fmt(r.relay.max)}), final limits ${r.limits.join(', ')} | bare undici loop, ${r.best} in flight: ${fmt(r.undici.median)} records/s (${fmt(r.undici.min)}–${fmt(r.undici.max)}) | ${verdict} |`;
  });
}
