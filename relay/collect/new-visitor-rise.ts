import type { VisitorLedger } from './visitor-ledger.js';

const WINDOW_MS = 10 * 60_000;
/** The shop's own recent rate: the mean of a day of windows… */
const BASELINE_WINDOWS = 144;
/**
 * …the last 144 that brought any new visitor, within a week: windows the relay was down in, or
 * skipped by a clock stepped ahead, are not taken for a quiet shop.
 */
const LOOKBACK_WINDOWS = 7 * BASELINE_WINDOWS;
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
  /** New visitors taken in the current window, by every relay sharing the ledger. */
  current: number;
  /** The mean per window of the last day's windows with new visitors; 0 while none is known. */
  baseline: number;
  rising: boolean;
  /** Where this relay's new visitors of the current window came from, most first. */
  top: { source: string; count: number }[];
}

export interface RiseAlarm {
  count: number;
  baseline: number;
  top: { source: string; count: number }[];
}

/** The ledger's counter of the window starting at `start`. */
const windowKey = (start: number) => `rise:${new Date(start).toISOString().slice(0, 16)}`;

/**
 * New visitors (new to the shop: not billed this month or the last) per ten minutes against the
 * shop's own rate: a sudden rise far above it is someone minting billed visitors from many
 * addresses (each under its own budget), or a campaign the merchant knows of. Said once a window,
 * naming the sources that brought most. The windows are counters in the visitor ledger, so a
 * restart keeps the baseline and relays sharing a Redis judge their sum. Times are the door's
 * (`new-visitors.ts`), which never run back.
 */
export class NewVisitorRise {
  private windowStart = Number.NaN;
  private loading: Promise<void> = Promise.resolve();
  private current = 0;
  private sources = new Map<string, number>();
  private alarmed = false;
  private baseline = 0;

  constructor(
    private readonly ledger: Pick<VisitorLedger, 'add' | 'counts'>,
    private readonly onRise: (alarm: RiseAlarm) => void,
  ) {}

  /** One new visitor taken at `now`, from `source` (a client address, an IPv6 /64). */
  async taken(source: string, now: number): Promise<void> {
    await this.roll(now);
    const start = this.windowStart;
    const count = await this.ledger.add(windowKey(start), 1, start + (LOOKBACK_WINDOWS + 1) * WINDOW_MS);
    if (start !== this.windowStart) return;
    this.current = Math.max(this.current, count);
    if (this.sources.has(source) || this.sources.size < SOURCES_KEPT)
      this.sources.set(source, (this.sources.get(source) ?? 0) + 1);
    if (this.alarmed || !this.rising()) return;
    this.alarmed = true;
    this.onRise({ count: this.current, baseline: this.baseline, top: this.top() });
  }

  async report(now: number): Promise<RiseReport> {
    await this.roll(now);
    this.current = Math.max(this.current, (await this.ledger.counts([windowKey(this.windowStart)]))[0] ?? 0);
    return {
      windowMinutes: WINDOW_MS / 60_000,
      current: this.current,
      baseline: this.baseline,
      rising: this.rising(),
      top: this.top(),
    };
  }

  private rising(): boolean {
    return this.current >= Math.max(RISE_FLOOR, RISE_FACTOR * this.baseline);
  }

  private top(): { source: string; count: number }[] {
    return [...this.sources.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_SOURCES)
      .map(([source, count]) => ({ source, count }));
  }

  /** A new window: this relay's own tallies start again, and the baseline is read from the ledger once. */
  private roll(now: number): Promise<void> {
    const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (start === this.windowStart) return this.loading;
    this.windowStart = start;
    this.current = 0;
    this.sources = new Map();
    this.alarmed = false;
    // A ledger away (Redis down) is tried again by the next call, not remembered for the window.
    this.loading = this.loadBaseline(start).catch((error: unknown) => {
      if (this.windowStart === start) this.windowStart = Number.NaN;
      throw error;
    });
    return this.loading;
  }

  private async loadBaseline(start: number): Promise<void> {
    const keys = Array.from({ length: LOOKBACK_WINDOWS }, (_, i) => windowKey(start - (i + 1) * WINDOW_MS));
    const busy = (await this.ledger.counts(keys)).filter((n) => n > 0).slice(0, BASELINE_WINDOWS);
    const mean = busy.length === 0 ? 0 : busy.reduce((sum, n) => sum + n, 0) / busy.length;
    if (start === this.windowStart) this.baseline = Math.round(mean * 10) / 10;
  }
}
