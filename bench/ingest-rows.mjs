// The ingest rows of `npm run bench`: `/collect` against bare node:http (the
// ceiling), the durable floor (the same durable work and nothing else: floor-server.mjs) and that
// floor served by Koa (koa-floor-server.mjs), and the relay with its service up (20 ms) and down
// (connection refused: delivery idle, backing off, the outbox growing), in interleaved runs (bare,
// floor, Koa floor, relay up, relay down, bare, …) for 1 and 10 events per request, each a median
// with its spread (min–max) and each ratio taken within its round. After its run the relay whose
// service is up drains its outbox before the next run starts, so no run pays for another's backlog.

import { request } from 'undici';
import { assertNothingRefused } from './relay-metrics.mjs';
import { fmt, pct, range, spread } from './spread.mjs';

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
export async function ingestScenario({ load, bare, floor, koaFloor, relayUp, relayDown, adminKey, runs }) {
  const rows = {};
  for (const batch of [1, 10]) {
    const rounds = [];
    for (let i = 0; i < runs; i++) {
      const base = load(`${bare}/`, batch);
      const durable = load(`${floor}/`, batch);
      const koa = load(`${koaFloor}/collect`, batch);
      const up = load(`${relayUp}/collect`, batch);
      await drained(relayUp, adminKey);
      const down = load(`${relayDown}/collect`, batch);
      rounds.push({ base, durable, koa, up, down });
    }
    for (const relay of [relayUp, relayDown]) await assertNothingRefused(relay, adminKey, `ingest of ${batch}`);
    const of = (key, field) => spread(rounds.map((r) => r[key][field]));
    const ratio = (a, b) => spread(rounds.map((r) => r[a].rps / r[b].rps));
    rows[batch] = {
      bare: of('base', 'rps'),
      floor: of('durable', 'rps'),
      koaFloor: of('koa', 'rps'),
      up: of('up', 'rps'),
      down: of('down', 'rps'),
      floorP99: of('durable', 'p99'),
      upP99: of('up', 'p99'),
      downP99: of('down', 'p99'),
      upRatio: ratio('up', 'base'),
      downRatio: ratio('down', 'up'),
      downVsFloor: ratio('down', 'durable'),
      upVsFloor: ratio('up', 'durable'),
      koaVsFloor: ratio('koa', 'durable'),
      floorVsBare: ratio('durable', 'base'),
      failures: rounds.reduce((sum, r) => sum + r.up.non2xx + r.up.errors + r.down.non2xx + r.down.errors, 0),
    };
  }
  return rows;
}

/**
 * Per batch size: the relay with delivery idle against the durable floor (the goal), the relay with
 * its service up against the floor and against bare node:http (the ceiling), the floor's own cost
 * over bare, Koa's over the floor, and the relay in an outage against itself.
 */
export function ingestRows(rows, runs) {
  return [1, 10].flatMap((batch) => {
    const r = rows[batch];
    const label = `${batch} event${batch > 1 ? 's' : ''}/request`;
    return [
      `| ingest, ${label}, service down (delivery idle) vs the durable floor (${runs} interleaved runs) | ${range(r.down)} req/s, p99 ${r.downP99.median} ms | floor ${range(r.floor)} req/s, p99 ${r.floorP99.median} ms | ${range(r.downVsFloor, pct)}; target ≥ 70 %: ${r.downVsFloor.median >= 0.7 ? 'met' : 'missed'} |`,
      `| ingest, ${label}, service up (20 ms) vs the floor | ${range(r.up)} req/s${batch > 1 ? ` (${fmt(r.up.median * batch)} events/s)` : ''}, p99 ${r.upP99.median} ms | floor ${range(r.floor)} req/s | ${range(r.upVsFloor, pct)} (reported) |`,
      `| the floor's frame: Koa + @koa/router doing the floor's work, ${label} | ${range(r.koaFloor)} req/s | floor ${range(r.floor)} req/s | ${range(r.koaVsFloor, pct)} (reported) |`,
      `| ingest, ${label}, service up vs the ceiling | ${range(r.up)} req/s | bare node:http ${range(r.bare)} req/s (floor: ${range(r.floorVsBare, pct)} of it) | ${range(r.upRatio, pct)} (reported) |`,
      `| ingest, ${label}, service down (outbox growing, delivery backing off) | ${range(r.down)} req/s, p99 ${r.downP99.median} ms | same relay, service up: ${fmt(r.up.median)} req/s | ${range(r.downRatio, pct)} of the service-up rate; target: no slower (≥ 95 %): ${r.downRatio.median >= 0.95 ? 'met' : 'missed'} |`,
    ];
  });
}

/**
 * A listing view's request (one event of 48 products, as `viewList` sends a category page) at the
 * relay, service down and up, against the floor doing its durable work for the same body, in
 * interleaved runs.
 */
export async function listingScenario({ load, floor, relayUp, relayDown, adminKey, runs }) {
  const rounds = [];
  for (let i = 0; i < runs; i++) {
    const durable = load(`${floor}/`);
    const down = load(`${relayDown}/collect`);
    const up = load(`${relayUp}/collect`);
    await drained(relayUp, adminKey);
    rounds.push({ durable, down, up });
  }
  const of = (key, field) => spread(rounds.map((r) => r[key][field]));
  const ratio = (a, b) => spread(rounds.map((r) => r[a].rps / r[b].rps));
  return {
    floor: of('durable', 'rps'),
    down: of('down', 'rps'),
    up: of('up', 'rps'),
    floorP99: of('durable', 'p99'),
    downP99: of('down', 'p99'),
    upP99: of('up', 'p99'),
    downVsFloor: ratio('down', 'durable'),
    upVsFloor: ratio('up', 'durable'),
    failures: rounds.reduce((sum, r) => sum + r.up.non2xx + r.up.errors + r.down.non2xx + r.down.errors, 0),
  };
}

export function listingRows(r, runs) {
  return [
    `| a listing view's request (one event, 48 products), service down vs the floor with the same body (${runs} interleaved runs) | ${range(r.down)} req/s, p99 ${r.downP99.median} ms | floor ${range(r.floor)} req/s, p99 ${r.floorP99.median} ms | ${range(r.downVsFloor, pct)} (reported) |`,
    `| a listing view's request, service up (20 ms) vs the floor | ${range(r.up)} req/s, p99 ${r.upP99.median} ms | floor ${range(r.floor)} req/s | ${range(r.upVsFloor, pct)} (reported)${r.failures ? `; ${r.failures} failed` : ''} |`,
  ];
}
