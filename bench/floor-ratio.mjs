// `npm run bench:floor`: the relay with delivery idle against the durable floor, and
// nothing else, so the goal's rows can be measured in minutes. The floor remembers each event_id in
// the relay's own duplicate window, in the same commit (durable-floor.mjs). Rounds interleave
// floor and relays; each ratio is taken within its round. `--relay <bin>` adds another build's
// relay (a checkout of an earlier commit, for "before" rows); `--floor <file>` another floor.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.mjs';
import { BENCH_ADMIN_KEY, loadOnce, startListening } from './processes.mjs';
import { assertNothingRefused } from './relay-metrics.mjs';
import { fmt, pct, range, spread } from './spread.mjs';

const { values } = parseArgs({
  options: {
    relay: { type: 'string', multiple: true, default: [] },
    floor: { type: 'string', multiple: true, default: [] },
  },
});
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = process.env.BENCH_SECONDS ?? '5';
const children = [];

const relayEnv = async () => ({
  SHOPBEACON_BASE_URL: `http://127.0.0.1:${await freePort()}`,
  SHOPBEACON_TOKEN: 'bench-token',
  SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-ratio-')),
  SHOPBEACON_ADMIN_KEY: BENCH_ADMIN_KEY,
  SHOPBEACON_RATE_LIMIT_IP: '0',
  SHOPBEACON_RATE_LIMIT_USER: '0',
  SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
  SHOPBEACON_LOG_LEVEL: 'warn',
});
const load = (url, batch) => loadOnce(url, batch, SECONDS);

const targets = [{ name: 'floor', url: `${await startListening(children, ['bench/floor-server.mjs'])}/` }];
for (const file of values.floor)
  targets.push({ name: `floor ${file}`, url: `${await startListening(children, [resolve(file)])}/` });
targets.push({
  name: 'relay',
  url: `${await startListening(children, ['bin/shopbeacon.js', 'relay', '--port', '0'], await relayEnv())}/collect`,
});
for (const bin of values.relay)
  targets.push({
    name: `relay ${bin}`,
    url: `${await startListening(children, [resolve(bin), 'relay', '--port', '0'], await relayEnv())}/collect`,
  });

try {
  console.log('| events/request | target | req/s (median, min–max) | p99 ms | vs floor |\n|---|---|---|---|---|');
  for (const batch of [1, 10]) {
    const rounds = [];
    for (let i = 0; i < RUNS; i++) rounds.push(targets.map((t) => load(t.url, batch)));
    targets.forEach((t, n) => {
      const rps = spread(rounds.map((r) => r[n].rps));
      const ratio = spread(rounds.map((r) => r[n].rps / r[0].rps));
      const errors = rounds.reduce((sum, r) => sum + r[n].non2xx + r[n].errors, 0);
      console.log(
        `| ${batch} | ${t.name} | ${range(rps)} | ${spread(rounds.map((r) => r[n].p99)).median} | ${n === 0 ? '—' : range(ratio, pct)}${errors ? ` (${fmt(errors)} failed)` : ''} |`,
      );
    });
  }
  for (const { name, url } of targets.filter((t) => t.name.startsWith('relay')))
    await assertNothingRefused(new URL(url).origin, BENCH_ADMIN_KEY, name);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
