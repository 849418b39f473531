import { DELIVERY_SETTINGS } from '../config/delivery-settings.js';
import { rowDefault } from '../config/setting.js';
import type { IngestReading } from './ingest-load.js';

export type { IngestReading };

/** Why the limit last moved: shown on `/metrics`, `/stats` and the debugger. */
type ConcurrencyReason =
  'start' | 'latency flat' | 'latency rising' | 'rate limited (429)' | 'service busy (503)' | 'timeout' | 'relay busy';

interface AdaptiveConcurrencyOptions {
  /** The most calls in flight (`SHOPBEACON_DELIVERY_CONCURRENCY`). */
  max: number;
  /**
   * A window whose mean latency exceeds the baseline by this ratio (and by `minRiseMs`) cuts the
   * limit. Doubling is the sign of a pushed service; smaller rises come with the relay's own load.
   * @default 1
   */
  riseRatio?: number;
  /**
   * Rises smaller than this are noise (sub-millisecond services, timer jitter).
   * @default 5
   */
  minRiseMs?: number;
  /**
   * What ingest did over the window, read when a window closes: with the event loop busier than
   * `maxLoadShare` delivery gives way, since what is queued can wait and a visitor's request cannot;
   * but not below the calls it takes to deliver what arrives (`perSecond` × the window's latency,
   * with a quarter more), so a sustained peak does not pile up in the outbox.
   * @default nothing arriving
   */
  ingestLoad?: () => IngestReading;
  /**
   * The event loop share above which delivery gives way to ingest.
   * @default 0.9
   */
  maxLoadShare?: number;
  /**
   * Giving way stops at this limit at least (the fixed concurrency of old).
   * @default 16
   */
  busyFloor?: number;
  /**
   * The limit is multiplied by this on back-pressure (Vector's default).
   * @default 0.9
   */
  decreaseRatio?: number;
  /**
   * The share of a window's calls answered 503 or timed out that is taken as noise, not load:
   * above it the window cuts the limit. A service that sheds load fails many calls; one that drops
   * the odd call does not, and cutting on each of those (1 % of calls) held a service 20 ms away at
   * ~27 calls in flight, 40 % of what arrived (the two-hour soak). A 429 always cuts: it
   * is the service saying how much it takes.
   * @default 0.05
   */
  toleratedFailureShare?: number;
}

/** The most calls in flight unless told: `SHOPBEACON_DELIVERY_CONCURRENCY`'s default (why it is that, in its row). */
export const DEFAULT_CONCURRENCY = rowDefault(DELIVERY_SETTINGS, 'deliveryConcurrency');

/** The limiter as the worker reports it. */
export interface ConcurrencyView {
  limit: number;
  max: number;
  reason: ConcurrencyReason;
  observedMs: number | undefined;
  baselineMs: number | undefined;
}

/** What a finished call tells the limiter. */
export type CallSignal = 'ok' | 'rate-limited' | 'busy' | 'timeout';

const BACK_PRESSURE: Record<Exclude<CallSignal, 'ok'>, ConcurrencyReason> = {
  'rate-limited': 'rate limited (429)',
  busy: 'service busy (503)',
  timeout: 'timeout',
};

/**
 * How many calls may be in flight, adapted to what the service can take (Vector's adaptive
 * request concurrency, AIMD). Starts at 1 and doubles each window while latency stays flat and
 * the limit was reached (slow start), then adds 1 per window; cuts by `decreaseRatio` on a 429,
 * on a window whose 503s and timeouts are more than the tolerated share of its calls, or whose
 * latency doubled over the baseline, at most once per window so a burst of 429s from one moment
 * counts once. A window lasts one baseline round trip (≥ 10 ms).
 */
export class AdaptiveConcurrency {
  limit = 1;
  reason: ConcurrencyReason = 'start';
  /** The latency the service shows when not pushed: the lowest recent window mean, drifting up slowly. */
  baselineMs: number | undefined;
  /** The last window's mean latency. */
  observedMs: number | undefined;
  private slowStart = true;
  private windowStart = 0;
  private windowSum = 0;
  private windowCount = 0;
  /** Calls of the window answered 503 or timed out, and what they were. */
  private windowFailures = 0;
  private failureReason: ConcurrencyReason = 'service busy (503)';
  private limitReached = false;
  private cutThisWindow = false;

  private readonly options: Required<AdaptiveConcurrencyOptions>;

  constructor(options: AdaptiveConcurrencyOptions) {
    this.options = {
      riseRatio: 1,
      minRiseMs: 5,
      decreaseRatio: 0.9,
      toleratedFailureShare: 0.05,
      maxLoadShare: 0.9,
      busyFloor: 16,
      ingestLoad: () => ({ share: 0, perSecond: 0 }),
      ...options,
    };
  }

  view(): ConcurrencyView {
    const { limit, reason, observedMs, baselineMs } = this;
    return { limit, max: this.options.max, reason, observedMs, baselineMs };
  }

  /** Calls in flight reached the limit: more concurrency may help. */
  saturated(): void {
    this.limitReached = true;
  }

  /** One call finished after `latencyMs`, with what its answer said about the service. */
  record(signal: CallSignal, latencyMs: number, now: number): void {
    if (signal === 'rate-limited') return this.cut(BACK_PRESSURE[signal]);
    if (this.windowCount + this.windowFailures === 0) this.windowStart = now;
    if (signal === 'ok') {
      this.windowSum += latencyMs;
      this.windowCount += 1;
    } else {
      this.windowFailures += 1;
      this.failureReason = BACK_PRESSURE[signal];
    }
    if (now - this.windowStart >= Math.max(10, this.baselineMs ?? 0)) this.closeWindow();
  }

  private closeWindow(): void {
    const failing = this.windowFailures > this.options.toleratedFailureShare * (this.windowCount + this.windowFailures);
    if (this.windowCount > 0) this.measure(failing);
    if (failing) this.cut(this.failureReason);
    this.windowSum = this.windowCount = this.windowFailures = 0;
    this.limitReached = this.cutThisWindow = false;
  }

  /** The window's mean latency moves the baseline and, when calls did not fail beyond the tolerance, the limit. */
  private measure(failing: boolean): void {
    const mean = this.windowSum / this.windowCount;
    this.observedMs = mean;
    const baseline = this.baselineMs ?? mean;
    if (!failing) this.adjust(mean, baseline);
    this.baselineMs = mean < baseline ? mean : baseline + 0.05 * (mean - baseline);
  }

  private adjust(mean: number, baseline: number): void {
    const { riseRatio, minRiseMs, busyFloor, maxLoadShare } = this.options;
    const ingest = this.options.ingestLoad();
    const floor = Math.max(busyFloor, Math.ceil((ingest.perSecond * mean * 1.25) / 1000));
    const busy = ingest.share > maxLoadShare;
    if (busy && this.limit > floor) return this.cut('relay busy', floor);
    if (mean > baseline * (1 + riseRatio) && mean - baseline > minRiseMs) return this.cut('latency rising');
    if (this.limitReached) this.raise(busy ? floor : this.options.max);
  }

  private raise(cap: number): void {
    const next = this.slowStart ? this.limit * 2 : this.limit + 1;
    if (next > cap && this.limit >= cap) return;
    this.limit = Math.min(cap, next);
    this.reason = 'latency flat';
  }

  private cut(reason: ConcurrencyReason, floor = 1): void {
    if (this.cutThisWindow || this.limit <= floor) return;
    this.cutThisWindow = true;
    this.slowStart = false;
    this.limit = Math.max(floor, Math.floor(this.limit * this.options.decreaseRatio));
    this.reason = reason;
  }
}
