// What a bench reads off a relay's /metrics (behind its admin key): its memory and its delivery limit.
import { request } from 'undici';

/**
 * The relay's resident and heap memory in bytes, and its limit on service calls in flight: what a
 * stop can leave delivered but unacknowledged (the crash test's bound).
 */
export async function relayMetrics(relay, adminKey, dispatcher) {
  const answer = await request(`${relay}/metrics`, { headers: { authorization: `Bearer ${adminKey}` }, dispatcher });
  const text = await answer.body.text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    rss: value('process_resident_memory_bytes'),
    heap: value('nodejs_heap_size_used_bytes'),
    deliveryLimit: Number(/^shopbeacon_delivery_concurrency_limit\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? Number.NaN),
  };
}

/**
 * The events and records a relay refused since it started, by reason: a load the relay refuses
 * part of measures refusals, not ingest, so the benches fail on any.
 */
export async function refusedByReason(relay, adminKey) {
  const answer = await request(`${relay}/metrics`, { headers: { authorization: `Bearer ${adminKey}` }, reset: true });
  const text = await answer.body.text();
  const lines = text.matchAll(/^shopbeacon_ingest_rejected_total\{reason="([^"]*)"\} (\d+)$/gm);
  return Object.fromEntries([...lines].map(([, reason, n]) => [reason, Number(n)]).filter(([, n]) => n > 0));
}

/** Throws naming the reasons when the relay refused any of the bench's load. */
export async function assertNothingRefused(relay, adminKey, what) {
  const refused = await refusedByReason(relay, adminKey);
  if (Object.keys(refused).length > 0)
    throw new Error(
      `${what}: the relay refused part of the load (${JSON.stringify(refused)}), so the row would measure refusals`,
    );
}
