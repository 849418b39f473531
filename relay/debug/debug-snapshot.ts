import type { ConcurrencyView } from '../delivery/adaptive-concurrency.js';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import type { DeadLetterAdmin, OutboxStatus } from '../outbox/outbox.js';
import type { SyncStatus } from '../sync/sync-status.js';
import type { ConcurrencyWire, CoverageWire, DebugSnapshot, SyncWire } from './debug-wire.js';
import type { RecordFeed } from './record-feed.js';

/** The worker's limiter as the page shows it, latency rounded to 0.1 ms. */
export function concurrencyWire(view: ConcurrencyView): ConcurrencyWire {
  return {
    limit: view.limit,
    max: view.max,
    reason: view.reason,
    latencyMs: view.observedMs === undefined ? null : Math.round(view.observedMs * 10) / 10,
  };
}

export interface SnapshotSources {
  outbox: OutboxStatus & DeadLetterAdmin;
  worker: DeliveryWorker;
  feed: RecordFeed;
  /** Shown as the target of the JSON a record is sent as (the path is added per kind). */
  serviceUrl: string;
  /** Exact (SQLite) or shared across relays (Redis HyperLogLog). */
  visitorsByMonth: () => Promise<Record<string, number>>;
  /** The syncs' statuses; none without platform API settings. */
  syncStatuses?: () => SyncStatus[];
  /** The orders joined to a visitor, per platform. */
  coverage?: () => CoverageWire[];
  now?: () => number;
}

function syncWire(status: SyncStatus): SyncWire {
  const { platform, lastSuccessAt, lastError, failingSince, sent, unchanged, missedByWebhooks, webhooksRepaired } =
    status;
  return { platform, lastSuccessAt, lastError, failingSince, sent, unchanged, missedByWebhooks, webhooksRepaired };
}

/** Dead letters shown with a retry button; the CLI lists them all. */
const DEAD_LETTERS_SHOWN = 25;

/** The debugger's counters and charts: outbox depth and age, delivery, this month's billed visitors. */
export async function debugSnapshot(sources: SnapshotSources): Promise<DebugSnapshot> {
  const now = (sources.now ?? Date.now)();
  const counts = await sources.outbox.counts();
  const month = new Date(now).toISOString().slice(0, 7);
  const queued = Object.values(counts.queued).reduce((a, b) => a + b, 0);
  const dead = Object.values(counts.dead).reduce((a, b) => a + b, 0);
  return {
    at: now,
    serviceUrl: sources.serviceUrl,
    outbox: {
      queued,
      dead,
      bytes: counts.bytes,
      oldestAgeMs: counts.oldestQueuedAt === undefined ? null : now - counts.oldestQueuedAt,
    },
    totals: { accepted: counts.accepted, delivered: counts.delivered, coalesced: counts.coalesced },
    delivery: {
      paused: sources.worker.paused,
      reason: sources.worker.pauseReason ?? sources.worker.unreachable?.reason ?? null,
      unreachableSince: sources.worker.unreachable?.since ?? null,
      inFlight: sources.worker.inFlightCount,
      concurrency: concurrencyWire(sources.worker.concurrency),
    },
    visitors: {
      month,
      count: (await sources.visitorsByMonth().catch(() => ({}) as Record<string, number>))[month] ?? 0,
    },
    series: sources.feed.points(),
    deadLetters: (await sources.outbox.deadLetters({ limit: DEAD_LETTERS_SHOWN })).map((d) => ({
      id: d.id,
      kind: d.kind,
      attempts: d.attempts,
      createdAt: d.createdAt,
      lastError: d.lastError,
      body: d.body,
    })),
    ...platformCards(sources),
  };
}

/** The platform cards' wires: each sync, and the orders joined per platform. */
function platformCards(sources: SnapshotSources): Pick<DebugSnapshot, 'sync' | 'coverage'> {
  return { sync: (sources.syncStatuses?.() ?? []).map(syncWire), coverage: sources.coverage?.() ?? [] };
}
