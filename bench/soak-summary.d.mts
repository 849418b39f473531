/** A line fitted through the soak's minutes (bench/line-fit.mjs). */
export interface SoakFit {
  slope: number;
  slopeStdErr: number;
  trend: boolean;
}

/** What bench/results/soak-latest.json holds that the README's paragraph states. */
export interface SoakResults {
  date?: string;
  minutes: number;
  rate: number;
  batch: number;
  latencyMs: number;
  failRate: number;
  outageAt?: number;
  outageMinutes?: number;
  restartAt?: number;
  requests: number;
  /** Requests by their answer's status, `error` for those that got none. */
  statuses: Record<string, number>;
  eventsPerSecond: number;
  acknowledged: number;
  delivered: number;
  lost: number;
  duplicates: number;
  duplicateBound: number;
  drainSeconds: number;
  collectLatencyMs: { p50: number; p99: number; max: number };
  rssMb: { start: number; peak: number; end: number };
  fit: { rss: SoakFit | undefined; heap: SoakFit | undefined };
  disk: { walPeakMb: number; outboxPeakMb: number };
}

export declare function soakSummary(soak: SoakResults): string;
