import type { ServicePath } from '../contract/kinds.js';
import { ThreadedUpstreamClient } from './threaded-upstream-client.js';
import { UpstreamClient, type Upstream, type UpstreamAnswer, type UpstreamClientOptions } from './upstream-client.js';

/**
 * The service calls where they cost least: on the event loop while nothing arrives (a
 * drain after an outage: a thread's hop costs delivery ~11 % of its rate on two cores), on their
 * own thread while records come in, so `/collect` does not wait behind undici's work (+17 %
 * sustained end to end by medians of four paired rounds, spreads overlapping). Each side keeps its
 * own pool of up to SHOPBEACON_DELIVERY_CONCURRENCY connections, idle ones closed after 4 s.
 */
export class LoadAwareUpstream implements Upstream {
  constructor(
    private readonly onLoop: Upstream,
    private readonly onThread: Upstream,
    /** Whether ingest is using the loop now. */
    private readonly ingestActive: () => boolean,
  ) {}

  post(path: ServicePath, body: string): Promise<UpstreamAnswer> {
    return (this.ingestActive() ? this.onThread : this.onLoop).post(path, body);
  }

  async close(): Promise<void> {
    await Promise.all([this.onLoop.close(), this.onThread.close()]);
  }

  async destroy(): Promise<void> {
    await Promise.all([this.onLoop.destroy(), this.onThread.destroy()]);
  }
}

/** How long after the last record arrived the calls stay on their thread: a second, a few group commits' quiet. */
const ARRIVALS_QUIET_MS = 1_000;

/** The relay's service client: calls on the loop, or on a thread while `arrivingWithin` says ingest is busy. */
export function createUpstream(options: UpstreamClientOptions, arrivingWithin: (ms: number) => boolean): Upstream {
  return new LoadAwareUpstream(new UpstreamClient(options), new ThreadedUpstreamClient(options), () =>
    arrivingWithin(ARRIVALS_QUIET_MS),
  );
}
