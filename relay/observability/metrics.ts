import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests and the events they brought. */
function requestMetrics(reg: Registry[]) {
  return {
    httpRequests: new Counter({
      name: 'shopbeacon_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['route', 'status'],
      registers: reg,
    }),
    httpDuration: new Histogram({
      name: 'shopbeacon_http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers: reg,
    }),
    ingested: new Counter({
      name: 'shopbeacon_ingest_events_total',
      help: 'Events received by result (accepted, duplicate, rejected, dropped_bot)',
      labelNames: ['result'],
      registers: reg,
    }),
    rejected: new Counter({
      name: 'shopbeacon_ingest_rejected_total',
      help: 'Refused events and records by reason',
      labelNames: ['reason'],
      registers: reg,
    }),
  };
}

/** Records out to the service, and the service's calls. */
function recordMetrics(reg: Registry[]) {
  return {
    delivered: new Counter({
      name: 'shopbeacon_delivered_total',
      help: 'Records the service accepted',
      labelNames: ['kind'],
      registers: reg,
    }),
    retried: new Counter({
      name: 'shopbeacon_delivery_retries_total',
      help: 'Delivery attempts scheduled again',
      labelNames: ['kind'],
      registers: reg,
    }),
    ambiguous: new Counter({
      name: 'shopbeacon_delivery_ambiguous_retries_total',
      help: 'Retries after failures the service may have processed (possible duplicate events)',
      labelNames: ['kind'],
      registers: reg,
    }),
    deadLettered: new Counter({
      name: 'shopbeacon_dead_lettered_total',
      help: 'Records moved to dead letters',
      labelNames: ['kind'],
      registers: reg,
    }),
    upstreamDuration: new Histogram({
      name: 'shopbeacon_upstream_request_duration_seconds',
      help: 'Service call latency by status (0 = no answer)',
      labelNames: ['status'],
      buckets: LATENCY_BUCKETS,
      registers: reg,
    }),
    webhooks: new Counter({
      name: 'shopbeacon_webhooks_total',
      help: 'Platform webhook deliveries by platform and result (queued, coalesced, duplicate, dead_letter, skipped, ignored, ping, unauthorized)',
      labelNames: ['platform', 'result'],
      registers: reg,
    }),
  };
}

/** Delivery's state, read at scrape. */
function deliveryStateMetrics(reg: Registry[]) {
  return {
    unreachable: new Gauge({
      name: 'shopbeacon_delivery_service_unreachable',
      help: '1 while the service fails every call and delivery only probes (the circuit is open)',
      registers: reg,
    }),
    concurrency: new Gauge({
      name: 'shopbeacon_delivery_concurrency_limit',
      help: 'Service calls delivery may have in flight now (adaptive, at most SHOPBEACON_DELIVERY_CONCURRENCY), labelled with why it last changed',
      labelNames: ['reason'],
      registers: reg,
    }),
    observedLatency: new Gauge({
      name: 'shopbeacon_delivery_observed_latency_seconds',
      help: 'Mean service latency over the last adaptive-concurrency window',
      registers: reg,
    }),
  };
}

/** The syncs, the webhooks they repaired, the visitors admitted, the pause. */
function platformMetrics(reg: Registry[]) {
  return {
    syncRecords: new Counter({
      name: 'shopbeacon_sync_records_total',
      help: 'Records the sync found on a platform, by result (found, sent, unchanged, missed_by_webhooks, skipped, invalid)',
      labelNames: ['platform', 'kind', 'result'],
      registers: reg,
    }),
    webhooksRepaired: new Counter({
      name: 'shopbeacon_webhooks_reenabled_total',
      help: 'Webhooks the sync set active again after the platform disabled them',
      labelNames: ['platform'],
      registers: reg,
    }),
    syncLastSuccess: new Gauge({
      name: 'shopbeacon_sync_last_success_timestamp_seconds',
      help: 'When the last sweep of a platform succeeded (Unix seconds)',
      labelNames: ['platform'],
      registers: reg,
    }),
    newVisitors: new Counter({
      name: 'shopbeacon_new_visitors_total',
      help: 'Visitors not yet billed in their month that browsers, the plugins and the shop named, by result (taken, refused_in_batch, refused_for_address, refused_by_ceiling)',
      labelNames: ['result'],
      registers: reg,
    }),
    visitorCeilingShare: new Gauge({
      name: 'shopbeacon_visitor_ceiling_share',
      help: "The share of the shop's ceiling of billed visitors taken, by period (month: SHOPBEACON_MAX_VISITORS_PER_MONTH, day: …_PER_DAY); 1 is reached",
      labelNames: ['period'],
      registers: reg,
    }),
    visitorCeilingReached: new Counter({
      name: 'shopbeacon_visitor_ceiling_reached_total',
      help: 'Times a ceiling of billed visitors came to 80 % or 100 % (once per month or day and level, per relay), by period and level',
      labelNames: ['period', 'level'],
      registers: reg,
    }),
    newVisitorRises: new Counter({
      name: 'shopbeacon_new_visitor_rises_total',
      help: "Ten-minute windows whose new visitors rose far above the shop's own rate over the last day (five times, 50 at least)",
      registers: reg,
    }),
    unprovenCustomers: new Counter({
      name: 'shopbeacon_collect_unproven_customer_ids_total',
      help: "Browser events whose customer id came without the shop's proof (SHOPBEACON_IDENTITY_SECRET): sent with the visitor's own id",
      registers: reg,
    }),
    paused: new Gauge({
      name: 'shopbeacon_delivery_paused',
      help: '1 while delivery is paused because the token looks wrong',
      registers: reg,
    }),
  };
}

/** Every metric the relay exposes at `/metrics`, on a registry of its own (several relays may share a process). */
export function createMetrics() {
  const registry = new Registry();
  // process_resident_memory_bytes, nodejs_heap_size_used_bytes, event loop lag: what an operator graphs first.
  collectDefaultMetrics({ register: registry });
  const reg = [registry];
  return {
    registry,
    ...requestMetrics(reg),
    ...recordMetrics(reg),
    ...deliveryStateMetrics(reg),
    ...platformMetrics(reg),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
