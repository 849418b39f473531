// The benches' figures as bench/README.md and docs/ state them, from `bench/results/*-latest.json`:
// each paragraph is written between its markers by the bench that measured it and by
// `node bench/results-table.mjs`, and checked by lint, so no page states a figure the last run did
// not give.

const count = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const day = (iso) => (iso ? iso.slice(0, 10) : 'undated');
const rowDate = (results, row) => day(results.dates?.[row] ?? results.date);
const spread = (s, unit = '') => `${count(s.median)}${unit} (${count(s.min)}–${count(s.max)}${unit})`;

/** `a, b and c`. */
export function listed(items) {
  const texts = items.map(String);
  return texts.length < 2 ? texts.join('') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

const notMeasured = (what, command) => `${what}: not measured yet (\`${command}\`).`;

/** One backend's backlog rows: its ingest and delivery rates at each backlog. */
function backlogText(rows, backend, name) {
  const own = rows.filter((r) => r.backend === backend);
  return `${name} ${listed(own.map((r) => count(r.ingestRps)))} req/s in, ${listed(own.map((r) => count(r.deliveryRps)))} records/s out`;
}

function backlogSentence(growth) {
  if (!growth.backlog) return notMeasured('Backlog', 'node bench/growth.mjs backlog');
  const queued = [...new Set(growth.backlog.map((r) => r.queued))].map(count);
  const backends = [
    backlogText(growth.backlog, 'sqlite', 'SQLite'),
    backlogText(growth.backlog, 'redis', 'Redis Streams'),
  ];
  return `Ingest and delivery with ${listed(queued)} records queued (${rowDate(growth, 'backlog')}): ${backends.join('; ')}.`;
}

function importSentence(growth) {
  if (!growth.import) return notMeasured('Import', 'node bench/growth.mjs import');
  const rows = growth.import;
  return `The import of ${listed(rows.map((r) => count(r.rows)))} CSV rows (${rowDate(growth, 'import')}): ${listed(rows.map((r) => count(r.ordersPerSecond)))} orders/s, peak RSS ${listed(rows.map((r) => r.peakMb))} MB.`;
}

function connectionsSentence(growth) {
  if (!growth.connections) return notMeasured('Connections', 'node bench/growth.mjs connections');
  const rows = growth.connections;
  return `${listed(rows.map((r) => count(r.connections)))} idle keep-alive connections on \`/collect\` (${rowDate(growth, 'connections')}): ${listed(rows.map((r) => count(r.kbPerConnection)))} KB each, a probe's p99 beside them ${listed(rows.map((r) => r.probeP99))} ms.`;
}

function scaleOutSentence(growth) {
  if (!growth.scaleout) return notMeasured('Scale-out', 'node bench/growth.mjs scaleout');
  const { oneRelayRps, twoRelaysRps } = growth.scaleout;
  return `Two relays on one Streams outbox (${rowDate(growth, 'scaleout')}): ${count(twoRelaysRps)} req/s against one relay's ${count(oneRelayRps)}, ${Math.round((100 * twoRelaysRps) / oneRelayRps)} % of it.`;
}

/** bench/README.md's growth paragraph. */
export function growthParagraph(growth = {}) {
  return [backlogSentence, importSentence, connectionsSentence, scaleOutSentence].map((s) => s(growth)).join(' ');
}

/** bench/README.md's sync-sweep paragraph, from growth's `sweep` row. */
export function sweepParagraph(growth = {}) {
  if (!growth.sweep) return notMeasured('The sweep', 'node bench/growth.mjs sweep');
  const rows = growth.sweep.map(
    (r) => `${count(r.orders)} orders at ${count(r.rate)} orders/s, peak RSS ${r.peakRssMb} MB`,
  );
  return `Latest, growth's \`sweep\` row (${rowDate(growth, 'sweep')}): ${rows.join('; ')}.`;
}

/** bench/README.md's outage paragraph. */
export function outageParagraph(outage = {}) {
  const idle = outage.idle;
  if (!idle) return notMeasured('The outage', 'npm run bench:outage');
  return `Latest (${rowDate(outage, 'idle')}; ${count(idle.events)} events queued, ${idle.rounds} rounds, median (min–max)): ${spread(idle.core, ' %')} of a core, ${spread(idle.callsPerMinute)} calls a minute to the service (the probes), drained in ${spread(idle.drainSeconds, ' s')}.`;
}

const diskIds = (disk) => `${count(disk.ids)} ids of ${disk.idLength} characters over a window and a half`;

/** The duplicate window's figures on disk, for bench/README.md. */
export function dedupeDiskParagraph(dedupe = {}) {
  const disk = dedupe.disk;
  if (!disk) return notMeasured('The window on disk', 'npm run bench:dedupe');
  const { slices, seenEvents } = disk;
  return `\`npm run bench:dedupe\` (${rowDate(dedupe, 'disk')}; ${diskIds(disk)}): the slices hold ${slices.bytesPerId} B per id, their pages in use ${slices.inUseMb.min}–${slices.inUseMb.max} MB hourly once the window filled, a claim ${spread(slices.claimUs, ' µs')} with every slice live; a table of text ids with an age index, purged row by row (the layout before them), ${seenEvents.bytesPerId} B per id, its pages ${seenEvents.inUseMb.min}–${seenEvents.inUseMb.max} MB, a claim ${spread(seenEvents.claimUs, ' µs')}.`;
}

/** The duplicate window's figures in Redis, for bench/README.md. */
export function dedupeRedisParagraph(dedupe = {}) {
  const redis = dedupe.redis;
  if (!redis) return notMeasured('The window in Redis', 'npm run bench:dedupe-redis');
  return `\`npm run bench:dedupe-redis\` (${rowDate(dedupe, 'redis')}; ${count(redis.ids)} ids of ${redis.idLength} characters in one slice): the slices take ${redis.slices.bytesPerId} B of Redis memory per id (buckets encoded as ${redis.slices.encodings}), a key per id with \`SET NX EX\` ${redis.keyPerId.bytesPerId} B.`;
}

/** Disk for a day of 100 events/s: the window's ids, and a quarter more (the slice kept past it). */
const dayAt100 = (bytesPerId) => [1, 1.25].map((f) => Math.round((100 * 86_400 * f * bytesPerId) / 1e6));

/** docs/operations.md's sizing of the duplicate window, on disk and in Redis. */
export function dedupeSizing(dedupe = {}) {
  const { disk, redis } = dedupe;
  if (!disk || !redis) return notMeasured('The window’s size', 'npm run bench:dedupe; npm run bench:dedupe-redis');
  const [low, high] = dayAt100(disk.slices.bytesPerId);
  return `Measured (\`npm run bench:dedupe\`, ${rowDate(dedupe, 'disk')}: ${diskIds(disk)}): ${disk.slices.bytesPerId} B of disk per id the window holds, against ${disk.seenEvents.bytesPerId} B in the layout before the slices, the pages in use within ${disk.slices.inUseMb.min}–${disk.slices.inUseMb.max} MB hourly once the window filled. Plan disk for the window times your event rate, plus a quarter: 100 events/s for 24 h is ~${low}–${high} MB. In Redis (\`npm run bench:dedupe-redis\`, ${rowDate(dedupe, 'redis')}: ${count(redis.ids)} ids in one slice) an id takes ${redis.slices.bytesPerId} B of memory, against ${redis.keyPerId.bytesPerId} B for a key per id.`;
}

/** bench/README.md's sentence on the soak with a one-hour window. */
export function windowSoakSentence(soak) {
  return `A ${soak.minutes}-minute soak with \`SHOPBEACON_DEDUPE_WINDOW=1h\` at ${count(soak.eventsPerSecond)} events/s (\`results/soak-window-1h.json\`) kept \`outbox.sqlite\` at most ${soak.disk.outboxPeakMb} MB, the WAL ${soak.disk.walPeakMb} MB, with ${count(soak.lost)} events lost and ${count(soak.duplicates)} duplicated.`;
}

const ms = (s) => `${s.median.toFixed(2)} ms (${s.min.toFixed(2)}–${s.max.toFixed(2)} ms)`;

/** The snippet's start, for bench/README.md: its evaluation's main-thread time against the target, beside Plausible's. */
export function snippetStartParagraph(results = {}) {
  const start = results.start;
  if (!start) return notMeasured("The snippet's start", 'npm run bench:start');
  const { load, idleStart, plausibleLoad } = start;
  const verdict = load.threadMs.median < 1 ? 'met' : 'missed';
  return `Latest (${rowDate(results, 'start')}; Chromium ${start.chromium}, ${start.runs} fresh pages each, the main thread's time, median (min–max)): evaluating \`dist/shopbeacon.js\` ${ms(load.threadMs)}, target below 1 ms: ${verdict}; Plausible's tracker (plausible-tracker, its module and first pageview) ${ms(plausibleLoad.threadMs)}; the snippet's start, later, in idle time, ${ms(idleStart.threadMs)}. The wall times, which the machine's other work stretches: ${ms(load.wallMs)}, ${ms(plausibleLoad.wallMs)} and ${ms(idleStart.wallMs)}.`;
}
