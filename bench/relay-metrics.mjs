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
