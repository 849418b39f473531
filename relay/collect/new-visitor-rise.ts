const WINDOW_MS = 10 * 60_000;
/** The shop's own recent rate: the mean of the windows of the last day. */
const BASELINE_WINDOWS = 144;
/** A rise is this many times the shop's own rate… */
const RISE_FACTOR = 5;
/** …and at least this many new visitors in a window: a quiet shop's first busy lunch is not an attack. */
const RISE_FLOOR = 50;
/** Sources named in a warning: the addresses (or /64s) that brought the most. */
const TOP_SOURCES = 3;
/** Sources counted per window at most: a flood from many addresses keeps the first ones, not all. */
const SOURCES_KEPT = 10_000;

export interface RiseReport {
  windowMinutes: number;
  /** New visitors taken in the current window. */
  current: number;
  /** The mean per window over the last day (null until a window has ended). */
  baseline: number | null;
  rising: boolean;
  /** Where the current window's new visitors came from, most first. */
  top: { source: string; count: number }[];
}

export interface RiseAlarm {
  count: number;
  baseline: number;
  top: { source: string; count: number }[];
}

/**
 * New visitors taken per ten minutes against the shop's own rate over the last day: a sudden rise
 * far above it is someone minting billed visitors from many addresses (each under its own budget),
 * or a campaign the merchant knows of. Said once a window, naming the sources that brought most.
 * Per relay: several relays behind one balancer each judge their share.
 */
export class NewVisitorRise {
  private readonly ended: number[] = [];
  private windowStart: number;
  private current = 0;
  private sources = new Map<string, number>();
  private alarmed = false;
  /** The mean of the ended windows, named once a window ends (null until one has). */
  private baseline: number | null = null;

  constructor(
    private readonly onRise: (alarm: RiseAlarm) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
  }

  /** One new visitor taken, from `source` (a client address, an IPv6 /64). */
  taken(source: string): void {
    this.roll();
    this.current += 1;
    if (this.sources.has(source) || this.sources.size < SOURCES_KEPT)
      this.sources.set(source, (this.sources.get(source) ?? 0) + 1);
    if (this.alarmed || this.baseline === null || !this.rising()) return;
    this.alarmed = true;
    this.onRise({ count: this.current, baseline: this.baseline, top: this.top() });
  }

  report(): RiseReport {
    this.roll();
    return {
      windowMinutes: WINDOW_MS / 60_000,
      current: this.current,
      baseline: this.baseline,
      rising: this.rising(),
      top: this.top(),
    };
  }

  private rising(): boolean {
    return this.baseline !== null && this.current >= Math.max(RISE_FLOOR, RISE_FACTOR * this.baseline);
  }

  private top(): { source: string; count: number }[] {
    return [...this.sources.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_SOURCES)
      .map(([source, count]) => ({ source, count }));
  }

  /** Ends the windows that have passed; windows with no visitor count as 0. */
  private roll(): void {
    const start = Math.floor(this.now() / WINDOW_MS) * WINDOW_MS;
    if (start === this.windowStart) return;
    const passed = Math.min(BASELINE_WINDOWS, Math.round((start - this.windowStart) / WINDOW_MS));
    this.ended.push(this.current, ...Array<number>(Math.max(0, passed - 1)).fill(0));
    this.ended.splice(0, Math.max(0, this.ended.length - BASELINE_WINDOWS));
    this.baseline = Math.round((this.ended.reduce((sum, n) => sum + n, 0) / this.ended.length) * 10) / 10;
    this.windowStart = start;
    this.current = 0;
    this.sources = new Map();
    this.alarmed = false;
  }
}
