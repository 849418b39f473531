// The ingest rows of `npm run bench` (issue #16): `/collect` against a bare node:http server, with
// the service up (20 ms) and down (connection refused: delivery backing off, the outbox growing), in
// interleaved runs (bare, relay up, relay down, bare, …) for 1 and 10 events per request, each a
// median with its spread (min–max). After its run the relay whose service is up drains its outbox
// before the next run starts, so no run pays for another's backlog.

import { request } from 'undici';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * `GET /stats` of a relay started with `adminKey`, on a connection of its own (`reset`): a kept-alive
 * one may be closed by the relay between two polls, which undici reports as "other side closed".
 */
export async function relayStats(url, adminKey) {
  const response = await request(`${url}/stats`, { headers: { authorization: `Bearer ${adminKey}` }, reset: true });
  return response.body.json();
}

/** Events waiting in the relay's outbox. */
export const queuedEvents = async (url, adminKey) => (await relayStats(url, adminKey)).outbox.queued.event ?? 0;

/** Resolves once the relay's outbox holds no event (checked every 250 ms, at most `limitMs`). */
export async function drained(url, adminKey, limitMs = 120_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if ((await queuedEvents(url, adminKey)) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** `load(url, batch)` runs one load of the bench's length and returns its JSON line. */
export async function ingestScenario({ load, bare, relayUp, relayDown, adminKey, runs }) {
  const rows = {};
  for (const batch of [1, 10]) {
    const pairs = [];
    for (let i = 0; i < runs; i++) {
      const base = load(`${bare}/`, batch);
      const up = load(`${relayUp}/collect`, batch);
      await drained(relayUp, adminKey);
      const down = load(`${relayDown}/collect`, batch);
      pairs.push({ base, up, down });
    }
    const of = (key, field) => spread(pairs.map((p) => p[key][field]));
    rows[batch] = {
      bare: of('base', 'rps'), up: of('up', 'rps'), down: of('down', 'rps'),
      upP99: of('up', 'p99'), downP99: of('down', 'p99'),
      upRatio: spread(pairs.map((p) => p.up.rps / p.base.rps)), downRatio: spread(pairs.map((p) => p.down.rps / p.up.rps)),
      failures: pairs.reduce((sum, p) => sum + p.up.non2xx + p.up.errors + p.down.non2xx + p.down.errors, 0),
    };
  }
  return rows;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const pct = (x) => `${Math.round(x * 100)} %`;
const range = (s, f = fmt) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;

/** Two rows per batch size: the relay against bare node:http, and the relay in an outage against itself. */
export function ingestRows(rows, runs) {
  return [1, 10].flatMap((batch) => {
    const r = rows[batch];
    const label = `${batch} event${batch > 1 ? 's' : ''}/request`;
    return [
      `| ingest, ${label} (${runs} interleaved runs) | ${range(r.up)} req/s${batch > 1 ? ` (${fmt(r.up.median * batch)} events/s)` : ''}, p99 ${r.upP99.median} ms | bare node:http ${range(r.bare)} req/s | ${range(r.upRatio, pct)}; target ≥ 50 %: ${r.upRatio.median >= 0.5 ? 'met' : 'missed'} |`,
      `| ingest, ${label}, service down (outbox growing, delivery backing off) | ${range(r.down)} req/s, p99 ${r.downP99.median} ms | same relay, service up: ${fmt(r.up.median)} req/s | ${range(r.downRatio, pct)} of the service-up rate; target: no slower (≥ 95 %): ${r.downRatio.median >= 0.95 ? 'met' : 'missed'} |`,
    ];
  });
}
