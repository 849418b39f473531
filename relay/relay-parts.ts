import type { ServiceClock } from './shared/service-clock.js';
import type { Logger } from 'pino';
import type { RecordFeed } from './debug/record-feed.js';
import type { DeliveryWorker } from './delivery/delivery-worker.js';
import type { Metrics } from './observability/metrics.js';
import type { Outbox } from './outbox/outbox.js';
import type { Accept } from './pipeline/accept.js';
import type { Park } from './pipeline/park.js';
import type { WebhookHealth } from './webhooks/webhook-health.js';
import type { RecordEvents } from './pipeline/record-events.js';
import type { SharedState } from './redis/shared-state.js';
import type { PlatformSync } from './sync/platform-sync.js';
import type { PlatformState } from './platform-state/platform-state.js';
import type { WithdrawnProducts } from './platform-state/withdrawn-products.js';
import type { RecordVersions } from './platform-state/record-versions.js';
import type { VisitorCount } from './visitors/visitor-count.js';
import type { CoverageLog } from './observability/order-coverage.js';
import type { VisitorLedger } from './collect/visitor-ledger.js';

/** The running parts of a relay, as `createRelay` wires them and the routes use them. */
export interface RelayParts {
  outbox: Outbox;
  worker: DeliveryWorker;
  metrics: Metrics;
  logger: Logger;
  /** Every record's steps, announced by ingest and delivery. */
  events: RecordEvents;
  /** The one way records are taken in: validate, store once, announce. */
  accept: Accept;
  /** The time records are stamped and judged by (`shared/service-clock.ts`). */
  clock: ServiceClock;
  /** Where records a way in must not refuse (a webhook) are kept when invalid: dead letters. */
  park: Park;
  /** Products withdrawn from sale after they were sent (the service keeps them): on `/stats`. */
  withdrawn: WithdrawnProducts;
  /** The newest version taken of each order and product, by the platform's modification time. */
  versions: RecordVersions;
  /** Whether platform webhooks are being refused (the outbox cannot take them), for `/readyz`. */
  webhooks: WebhookHealth;
  /** Each record's recent steps, for `/_debug`: a listener of `events`. */
  feed: RecordFeed;
  /** Distinct visitors per month of delivered events: a listener of `events`. */
  visitors: VisitorCount;
  /** The public door's state: who was billed each month, the address budgets, the ceiling's counts. */
  visitorLedger: VisitorLedger;
  /** The orders and `Order Completed` events taken, for `/stats` coverage: a listener of `events`. */
  coverage: CoverageLog;
  /** What this relay shares with others through Redis (`SHOPBEACON_REDIS_URL`), if it does. */
  shared: SharedState | undefined;
  /** One sync per platform whose API settings are set. */
  syncs: PlatformSync[];
  /** Sync cursors, the lease, and the digests of delivered orders and products. */
  platformState: PlatformState;
  /** Stops delivery (waiting up to the grace period for calls in flight) and closes the outbox. */
  close(): Promise<void>;
}
