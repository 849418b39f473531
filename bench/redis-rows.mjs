// The Redis rows of `npm run bench`: `/collect` into the single instance, into a relay
// whose event ids and rate limits are in Redis (SQLite outbox), and into one whose outbox is Redis
// Streams too, interleaved (single, shared, Streams, single, …) for 1 and 10 events per request.
// All three have the same rate limits on (in memory for the single instance) and their service down,
// so delivery is idle and the rows measure the way in; each ratio is taken within its round.

import { assertNothingRefused } from './relay-metrics.mjs';
import { pct, range, spread } from './spread.mjs';

/** `load(url, batch)` runs one load of the bench's length and returns its JSON line. */
export async function redisScenario({ load, single, shared, streams, adminKey, runs }) {
  const rows = {};
  for (const batch of [1, 10]) {
    const rounds = [];
    for (let i = 0; i < runs; i++)
      rounds.push({
        single: load(`${single}/collect`, batch),
        shared: load(`${shared}/collect`, batch),
        streams: load(`${streams}/collect`, batch),
      });
    for (const relay of [single, shared, streams]) await assertNothingRefused(relay, adminKey, `Redis, ${batch}`);
    const of = (key, field) => spread(rounds.map((r) => r[key][field]));
    rows[batch] = {
      single: of('single', 'rps'),
      shared: of('shared', 'rps'),
      streams: of('streams', 'rps'),
      sharedP99: of('shared', 'p99'),
      streamsP99: of('streams', 'p99'),
      sharedRatio: spread(rounds.map((r) => r.shared.rps / r.single.rps)),
      streamsRatio: spread(rounds.map((r) => r.streams.rps / r.single.rps)),
      failures: rounds.reduce(
        (sum, r) => sum + r.shared.non2xx + r.shared.errors + r.streams.non2xx + r.streams.errors,
        0,
      ),
    };
  }
  return rows;
}

export function redisRows(rows, runs) {
  return [1, 10].flatMap((batch) => {
    const r = rows[batch];
    const label = `${batch} event${batch > 1 ? 's' : ''}/request`;
    return [
      `| ingest, ${label}, SHOPBEACON_REDIS_URL: ids and limits in Redis, SQLite outbox (${runs} interleaved runs, delivery idle) | ${range(r.shared)} req/s, p99 ${r.sharedP99.median} ms | single instance, same limits in memory, ${range(r.single)} req/s | ${range(r.sharedRatio, pct)}; target ≥ 80 %: ${r.sharedRatio.median >= 0.8 ? 'met' : 'missed'} |`,
      `| ingest, ${label}, SHOPBEACON_OUTBOX=redis (Streams, AOF everysec) | ${range(r.streams)} req/s, p99 ${r.streamsP99.median} ms | single instance ${range(r.single)} req/s | ${range(r.streamsRatio, pct)}; target ≥ 90 %: ${r.streamsRatio.median >= 0.9 ? 'met' : 'missed'} |`,
    ];
  });
}
