import type { RecordFeed } from '../debug/record-feed.js';
import type { Metrics } from '../observability/metrics.js';
import type { Outbox } from '../outbox/outbox.js';
import type { EventIdRegistry } from '../shared-state/event-id-registry.js';

/** What every route that takes records needs: `/collect` from browsers, the `/v1` mirror from the backend. */
export interface IngestDeps {
  outbox: Outbox;
  metrics: Metrics;
  /** Called after records were committed, so delivery starts without waiting for its timer. */
  onEnqueued: () => void;
  /** Told of each decision, for `/_debug`. */
  feed?: RecordFeed;
  /** `event_id`s shared with other relays (Redis); the outbox alone de-duplicates without it. */
  eventIds?: EventIdRegistry;
  now?: () => number;
}
