// What bench/soak.mjs loads the relay with, counts the service's receipts with, and draws, beside its scenario.
import { request } from 'undici';
import { svgCharts } from './svg-chart.mjs';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const mb = (bytes) => Math.round(bytes / 1048576);

/**
 * One byte per sequence number, for `seconds` of `rate` requests of `batch` events: 2 hours at
 * thousands of events a second fit in tens of MB.
 */
const ledger = ({ rate, batch, seconds }) => new Uint8Array(Math.ceil(rate * batch * seconds));

/** The load: `rate` requests a second of `batch` events; a 200 acknowledges its events. */
export function createLoad(relayUrl, run) {
  const { batch: BATCH, agent, userAgent: UA } = run;
  const load = {
    acked: ledger(run),
    ackedCount: 0,
    latencies: [],
    minute: [],
    minuteRefusals: {},
    statuses: {},
    inFlight: 0,
    seq: 0,
  };
  // A refusal is counted in its minute by its status and error code, so the minutes say where the
  // run's refusals came from.
  const refused = (what) => (load.minuteRefusals[what] = (load.minuteRefusals[what] ?? 0) + 1);
  // A request is one browser's batch: one visitor (20,000 of them in turn), as the relay allows a
  // batch to name only the visitor it is and the one it was before.
  let requests = 0;
  load.send = async () => {
    const visitor = `soak-user-${++requests % 20000}`;
    const events = Array.from({ length: BATCH }, () => ({
      event_id: `soak-${++load.seq}`,
      user_id: visitor,
      event_name: 'Added To Cart',
      event: { product_id: 501, price: 19.9, currency: 'EUR', seq: load.seq },
    }));
    const started = performance.now();
    load.inFlight++;
    try {
      const answer = await request(`${relayUrl}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': UA },
        body: JSON.stringify({ events }),
        dispatcher: agent,
      });
      load.statuses[answer.statusCode] = (load.statuses[answer.statusCode] ?? 0) + 1;
      if (answer.statusCode !== 200)
        return void refused(`${answer.statusCode} ${(await answer.body.json().catch(() => ({}))).error ?? ''}`.trim());
      // A 200 acknowledges the events it neither rejected nor dropped: those are counted as refusals.
      const verdict = await answer.body.json();
      const refusedAt = new Set(verdict.rejected.map((r) => r.index));
      if (verdict.dropped > 0) return void refused('200 dropped');
      events.forEach((e, index) => {
        if (refusedAt.has(index)) return void refused('200 rejected');
        load.acked[e.event.seq] = 1;
        load.ackedCount++;
      });
    } catch (error) {
      load.statuses.error = (load.statuses.error ?? 0) + 1;
      refused(error?.code ?? 'error');
    } finally {
      load.inFlight--;
      const ms = performance.now() - started;
      load.latencies.push(ms);
      load.minute.push(ms);
    }
  };
  return load;
}

/** What the service received, counted per sequence number as it arrives (the mock forgets each slice). */
export function createReceipts(mock, run) {
  const { agent } = run;
  const receipts = { counts: ledger(run), total: 0 };
  receipts.take = async () => {
    const answer = await request(`${mock}/_mock/events/take`, { method: 'POST', dispatcher: agent });
    for (const record of JSON.parse(await answer.body.text())) {
      receipts.counts[record.event.seq]++;
      receipts.total++;
    }
  };
  return receipts;
}

/** Acknowledged but never received (lost), received at all (delivered), received more than once. */
export function reconcile(load, receipts) {
  let lost = 0,
    delivered = 0,
    duplicates = 0;
  for (let seq = 1; seq <= load.seq; seq++) {
    const count = receipts.counts[seq];
    if (load.acked[seq] && count === 0) lost++;
    if (count > 0) delivered++;
    if (count > 1) duplicates += count - 1;
  }
  return { lost, delivered, duplicates };
}

/** The minutes as charts: p99, memory, the outbox's files and its queue. */
export function minuteCharts(perMinute) {
  const line = (name, field) => ({ name, points: perMinute.map((s) => ({ x: s.minute, y: s[field] ?? Number.NaN })) });
  const x = { label: 'minute' };
  return svgCharts([
    { title: '/collect p99 per minute', x, y: { label: 'ms' }, series: [line('p99', 'p99Ms')] },
    { title: 'memory', x, y: { label: 'MB' }, series: [line('RSS', 'rssMb'), line('heap used', 'heapMb')] },
    { title: 'outbox files', x, y: { label: 'MB' }, series: [line('outbox.sqlite', 'outboxMb'), line('WAL', 'walMb')] },
    { title: 'records waiting for delivery', x, y: { label: 'records' }, series: [line('queued', 'queued')] },
  ]);
}

/** The mock service's faults from now on (`failRate`, `failStatus`), through its inspection API. */
export async function setMockFaults(mock, faults, dispatcher) {
  const headers = { 'content-type': 'application/json' };
  const answer = await request(`${mock}/_mock/faults`, {
    method: 'POST',
    headers,
    body: JSON.stringify(faults),
    dispatcher,
  });
  await answer.body.dump();
}
