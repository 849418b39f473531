import { performance } from 'node:perf_hooks';

/**
 * How busy the relay's event loop was while records came in (issue #16): delivery gives way
 * to ingest only when both compete for it. The share of busy time since the last reading
 * (Node's event loop utilization), or 0 when nothing was enqueued meanwhile: a relay that only
 * drains its backlog has nobody to give way to.
 */
export function createIngestLoad() {
  let last = performance.eventLoopUtilization();
  let ingested = false;
  return {
    /** A record was enqueued by a way in. */
    touch(): void {
      ingested = true;
    },
    share(): number {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      const busy = ingested ? share : 0;
      ingested = false;
      return busy;
    },
  };
}
