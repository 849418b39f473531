import type { Logger } from 'pino';
import type { CoreSettings } from './core-settings.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { createIngestLoad } from './delivery/ingest-load.js';
import type { Upstream } from './delivery/upstream-client.js';
import { createUpstream } from './delivery/load-aware-upstream.js';
import { createOutbox } from './outbox/create-outbox.js';
import { total, type Outbox } from './outbox/outbox.js';
import { createAccept, type Accept } from './pipeline/accept.js';
import { createPark, type Park } from './pipeline/park.js';
import { WithdrawnProducts } from './platform-state/withdrawn-products.js';
import { RecordVersions } from './platform-state/record-versions.js';
import { RecordEvents } from './pipeline/record-events.js';
import { createSharedState, type SharedState } from './redis/shared-state.js';
import { redisTargetOf } from './redis/redis-connection.js';
import type { PlatformState } from './platform-state/platform-state.js';
import { RedisPlatformState } from './platform-state/redis-platform-state.js';
import { SqlitePlatformState } from './platform-state/sqlite-platform-state.js';
import { ServiceClock } from './shared/service-clock.js';
import { askServiceTime } from './delivery/service-time.js';

/**
 * Notes the body of each delivered order and product, so the same body is not sent (and billed)
 * again, whichever way it comes back.
 */
export function rememberDelivered(events: RecordEvents, state: Pick<PlatformState, 'rememberDelivered'>): () => void {
  return events.subscribe((step) => {
    if (step.state !== 'delivered' || step.kind === 'event' || step.key === undefined || typeof step.body !== 'string')
      return;
    state.rememberDelivered(step.kind, step.key, step.body);
  });
}

/**
 * One record's way from any way in to the service: the accept pipeline, the outbox, delivery, and
 * the digests of what was delivered.
 */
export interface RelayCore {
  outbox: Outbox;
  events: RecordEvents;
  accept: Accept;
  park: Park;
  /** Products withdrawn from sale after they were sent: the sync and the webhooks report them. */
  withdrawn: WithdrawnProducts;
  /** The platform's modification time of the newest version taken of each order and product. */
  versions: RecordVersions;
  worker: DeliveryWorker;
  client: Upstream;
  /** The time records are stamped and judged by: the relay's clock unless it stepped or the service's disagrees. */
  clock: ServiceClock;
  /**
   * Sync cursors, the lease, and the digests of delivered orders and products (so an unchanged one
   * is not sent again).
   */
  platformState: PlatformState;
  shared: SharedState | undefined;
  /** How many records wait for delivery. */
  queued(): Promise<number>;
  /**
   * Stops delivery (waiting up to `graceMs` for calls in flight), then lets the listeners that
   * keep state of their own close (`closeListeners`: the last deliveries have been announced), then
   * closes what the core opened.
   */
  close(graceMs: number, closeListeners?: () => Promise<void>): Promise<void>;
}

interface RelayCoreOptions {
  logger: Logger;
  /**
   * Where the delivered digests are kept when not in Redis: the relay's data directory. A backfill
   * keeps its outbox in a folder of its own but shares the relay's digests, so neither sends again
   * what the other delivered. @default the outbox's data directory
   */
  platformStateDir?: string;
}

function openPlatformState(shared: SharedState | undefined, dir: string): PlatformState {
  return shared ? new RedisPlatformState(shared.redis) : new SqlitePlatformState(dir);
}

/** Runs every step even when one fails (the rest must still be closed), then throws the first failure. */
async function closeEach(steps: (() => unknown)[]): Promise<void> {
  let failure: unknown;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

/** Every answer's `Date` tells the clock the service's time. */
function withServiceDate(upstream: Upstream, clock: ServiceClock): Upstream {
  return {
    post: async (path, body) => {
      const answer = await upstream.post(path, body);
      clock.observeServiceDate(answer.date);
      return answer;
    },
    close: () => upstream.close(),
    destroy: () => upstream.destroy(),
  };
}

/** A clock that says, once each time, when it stops believing the wall clock and why. */
function relayClock(logger: Logger): ServiceClock {
  const minutes = (ms: number) => `${Math.round(Math.abs(ms) / 60_000)} min ${ms > 0 ? 'ahead' : 'back'}`;
  return new ServiceClock({
    onStep: (stepMs) =>
      logger.warn(
        { stepMs: Math.round(stepMs) },
        `the relay's wall clock stepped ${minutes(stepMs)}: times are stamped by the earlier of it and the monotonic clock until the service's clock says which is right`,
      ),
    onDisagreement: (aheadMs) =>
      logger.warn(
        { aheadMs: Math.round(aheadMs) },
        `the relay's clock is ${minutes(aheadMs).replace('back', 'behind')} of the service's (its Date header): times are stamped by the service's clock; set the server's clock right (NTP)`,
      ),
  });
}

/** The relay's clock, the service asked its time at start; `stopAsking` ends the question (the relay closing first). */
function clockAskingService(settings: CoreSettings, logger: Logger): { clock: ServiceClock; stopAsking: () => void } {
  const clock = relayClock(logger);
  const asking = new AbortController();
  clock.ask(askServiceTime(settings.baseUrl, settings.deliveryTimeoutMs, asking.signal));
  return { clock, stopAsking: () => asking.abort() };
}

/** The core every process that delivers builds the same way: the relay, and `import`/`backfill` without `--via`. */
export function createRelayCore(settings: CoreSettings, options: RelayCoreOptions): RelayCore {
  const events = new RecordEvents();
  const redis = redisTargetOf(settings);
  const shared = redis ? createSharedState(redis, settings) : undefined;
  const { outbox, enqueueOnce } = createOutbox(settings, shared);
  const ingestLoad = createIngestLoad();
  const { clock, stopAsking } = clockAskingService(settings, options.logger);
  const client = withServiceDate(createUpstream(settings, ingestLoad.arrivingWithin), clock);
  const worker = new DeliveryWorker({
    ...settings,
    outbox,
    client,
    logger: options.logger,
    events,
    ingestLoad: ingestLoad.reading,
  });
  let platformState: PlatformState;
  try {
    platformState = openPlatformState(shared, options.platformStateDir ?? settings.dataDir);
  } catch (error) {
    // platforms.sqlite refused (written by a newer version): what was opened is closed, not leaked to an embedder.
    void closeEach([() => stopAsking(), () => outbox.close(), () => client.destroy(), () => shared?.close()]);
    throw error;
  }
  rememberDelivered(events, platformState);
  const accept = createAccept({
    now: () => clock.now(),
    untilTimeKnown: () => clock.untilKnown(),
    enqueueOnce,
    events,
    onEnqueued: (count) => (ingestLoad.touch(count), worker.notify()),
    unchanged: (records) => platformState.unchanged(records),
  });
  const queued = async () => total((await outbox.counts()).queued);
  const close = (graceMs: number, closeListeners?: () => Promise<void>) =>
    closeEach([
      () => stopAsking(),
      () => worker.stop(graceMs),
      () => client.close(),
      () => closeListeners?.(),
      () => platformState.close(),
      () => outbox.close(),
      () => shared?.close(),
    ]);
  const withdrawn = new WithdrawnProducts(platformState, events);
  return {
    outbox,
    events,
    accept,
    park: createPark({ outbox, events, logger: options.logger, state: platformState }),
    withdrawn,
    versions: new RecordVersions(platformState),
    worker,
    client,
    clock,
    platformState,
    shared,
    queued,
    close,
  };
}
