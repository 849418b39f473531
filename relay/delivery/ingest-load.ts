import { performance } from 'node:perf_hooks';

/** What ingest did since the last reading. */
export interface IngestReading {
  /** How busy the event loop was (0–1), or 0 when nothing was enqueued: a drain has nobody to give way to. */
  share: number;
  /** Records enqueued per second. */
  perSecond: number;
}

/**
 * How busy the relay's event loop was while records came in, and how fast they came:
 * delivery gives way to ingest only when both compete for the loop, and never below the pace
 * records arrive at, or the outbox would grow for as long as the peak lasts.
 */
export function createIngestLoad(now: () => number = () => performance.now()) {
  let last = performance.eventLoopUtilization();
  let since = now();
  let arrived = 0;
  let lastArrivalAt = Number.NEGATIVE_INFINITY;
  return {
    /** `count` records were enqueued by a way in. */
    touch(count: number): void {
      arrived += count;
      lastArrivalAt = now();
    },
    /** Whether records came in during the last `ms`: shoppers (or a sync) are using the loop. */
    arrivingWithin(ms: number): boolean {
      return now() - lastArrivalAt < ms;
    },
    reading(): IngestReading {
      const loop = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(loop, last).utilization;
      const at = now();
      const reading = { share: arrived > 0 ? share : 0, perSecond: (1000 * arrived) / Math.max(1, at - since) };
      last = loop;
      since = at;
      arrived = 0;
      return reading;
    },
  };
}
