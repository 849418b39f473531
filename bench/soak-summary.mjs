// The soak's figures as bench/README.md states them, from `results/soak-latest.json`: written
// between the README's soak markers by each soak and by `node bench/results-table.mjs`, and checked
// by lint with the table, so the README's soak line is the last soak's and no other's.

const count = (n) => n.toLocaleString('en-US');
const mbPerMinute = (fit) =>
  fit === undefined
    ? 'too few minutes to fit'
    : `${fit.slope.toFixed(2)} ± ${fit.slopeStdErr.toFixed(2)} MB/min${fit.trend ? ', a trend' : ', no trend'}`;

/** What the soak ran: its length, load and the faults it put in. */
function scenario(soak) {
  const faults = [
    `the service at ${soak.latencyMs} ms failing ${soak.failRate * 100} % of calls with 503`,
    ...(soak.outageAt === undefined
      ? []
      : [`an outage at minutes ${soak.outageAt}–${soak.outageAt + soak.outageMinutes}`]),
    ...(soak.restartAt === undefined ? [] : [`a SIGTERM restart at minute ${soak.restartAt}`]),
  ];
  return `${soak.minutes} minutes of ${count(soak.rate)} requests/s × ${soak.batch} events, ${faults.join(', ')}`;
}

/** How the requests were answered: each status's count, `error` for those that got no answer. */
const answers = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status === 'error' ? 'without an answer' : `answered ${status}`}: ${count(n)}`)
    .join('; ');

/** The README's soak paragraph for one soak's results. */
export function soakSummary(soak) {
  const duplicates =
    soak.restartAt === undefined
      ? `${count(soak.duplicates)} duplicated`
      : `${count(soak.duplicates)} duplicated (the restart’s bound ${count(soak.duplicateBound)})`;
  const latency = soak.collectLatencyMs;
  return [
    `Latest (${soak.date ? soak.date.slice(0, 10) : 'undated'}): ${scenario(soak)}.`,
    `${count(soak.requests)} requests (${answers(soak.statuses)});`,
    `${count(soak.acknowledged)} events acknowledged (${count(soak.eventsPerSecond)} a second), ${count(soak.delivered)} delivered, ${count(soak.lost)} lost, ${duplicates}, drained ${soak.drainSeconds} s after the load;`,
    `\`/collect\` p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms;`,
    `RSS ${soak.rssMb.start} → ${soak.rssMb.peak} (peak) → ${soak.rssMb.end} MB, its slope ${mbPerMinute(soak.fit.rss)}, the heap’s ${mbPerMinute(soak.fit.heap)};`,
    `the WAL at most ${soak.disk.walPeakMb} MB, the outbox at most ${soak.disk.outboxPeakMb} MB.`,
  ].join(' ');
}
