import type { RecordKind } from '../contract/kinds.js';
import type { RecordStep } from '../pipeline/record-step.js';

/**
 * The debugger's wire format, shared by its server half (`relay/debug/`) and its browser half
 * (`web/debugger/`): what `/_debug/stream` and `/_debug/snapshot` send.
 */

export type { RecordState } from '../pipeline/record-step.js';

/** One step of one record, as the stream sends it (`event: record`). */
export interface FeedEntry extends RecordStep {
  /** Increases by one per entry: a reconnecting viewer asks for what came after the last it saw. */
  seq: number;
  at: number;
}

/** One second of traffic, for the debugger's charts. */
export interface SeriesPoint {
  /** Start of the second, epoch ms. */
  t: number;
  accepted: number;
  delivered: number;
  refused: number;
  /** Median service latency of the records delivered in this second, ms; null when none were. */
  latencyP50: number | null;
  latencyMax: number | null;
}

/** A dead letter as the debugger lists it, with a retry button. */
export interface DeadLetterView {
  id: number;
  kind: RecordKind;
  attempts: number;
  createdAt: number;
  lastError: string | null;
  body: string;
}

/**
 * The adaptive limit on calls in flight: `latencyMs` is the last window's mean,
 * `reason` why the limit last moved.
 */
export interface ConcurrencyWire {
  limit: number;
  max: number;
  reason: string;
  latencyMs: number | null;
}

/** The counters and charts (`event: stats` each second, and `/_debug/snapshot`). */
/** One platform's sync, as the debugger's card shows it. */
export interface SyncWire {
  platform: string;
  lastSuccessAt: number | null;
  lastError: string | null;
  /** Since when sweeps fail, if they do. */
  failingSince: number | null;
  sent: number;
  unchanged: number;
  missedByWebhooks: number | null;
  webhooksRepaired: number;
}

/**
 * One platform's storefront orders of the last 7 days against the `Order Completed` events sent, as
 * the coverage card shows them.
 */
export interface CoverageWire {
  platform: string;
  storefrontOrders: number;
  joined: number;
  joinedShare: number | null;
  /** The first of the storefront orders not joined, each with the cause the relay knows (`bot`, `nothing heard`, …). */
  unjoined: { id: number | string; cause?: string }[];
  /** Storefront orders not joined that a browser's `Order Completed` without the shop's proof names. */
  claimed: number;
  /** Orders the shop says were made elsewhere (back office, API, …), per origin: out of the share. */
  madeElsewhere: Record<string, number>;
  duplicated: number;
  unmatched: number;
}

export interface DebugSnapshot {
  at: number;
  serviceUrl: string;
  outbox: { queued: number; dead: number; bytes: number; oldestAgeMs: number | null };
  totals: { accepted: number; delivered: number; coalesced: number };
  /** `reason`: why delivery is paused, or since when the service is unreachable (then `unreachableSince` is set). */
  delivery: {
    paused: boolean;
    reason: string | null;
    unreachableSince: number | null;
    inFlight: number;
    concurrency: ConcurrencyWire;
  };
  visitors: { month: string; count: number };
  series: SeriesPoint[];
  deadLetters: DeadLetterView[];
  /** One entry per platform the relay sweeps (none without platform API settings). */
  sync: SyncWire[];
  /** One entry per platform whose orders reached the relay in the last 7 days. */
  coverage: CoverageWire[];
}
