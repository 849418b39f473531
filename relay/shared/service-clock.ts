/**
 * Within this, the relay's wall clock and the time it trusts are one: NTP keeps clocks far closer,
 * and the service allows 10 minutes ahead.
 */
const AGREEMENT_MS = 60_000;
/** An HTTP `Date` is cut to the second: the middle of that second is the best guess of when it was written. */
const DATE_RESOLUTION_MS = 500;

interface ServiceClockOptions {
  wall?: () => number;
  monotonic?: () => number;
  /** The wall clock moved by `stepMs` against the monotonic one (a step, not a drift). */
  onStep?: (stepMs: number) => void;
  /** The service's `Date` says the relay's wall clock is `aheadMs` ahead of it (negative: behind). */
  onDisagreement?: (aheadMs: number) => void;
}

/**
 * The time the relay stamps and judges records by: its wall clock, unless that clock has stepped
 * (against the monotonic clock, which never steps) or the service's own `Date` says otherwise.
 * The service refuses a time it judges future, so a relay whose clock jumped a day ahead would
 * stamp every event it receives for the bin; a clock that stepped is not believed until a service
 * answer says which of the two was right, and where the service disagrees, its time is used.
 */
export class ServiceClock {
  private readonly wall: () => number;
  private readonly monotonic: () => number;
  /** The trusted time at a monotonic reading: the wall clock's when they agree, else the service's. */
  private anchorTime: number;
  private anchorMonotonic: number;
  private fromService = false;
  private stepReported = false;
  /** A service `Date` has been read: from here on the time is judged against the service's. */
  private told = false;
  /** The question put to the service at start (`ask`), while its answer is awaited. */
  private question: Promise<void> | undefined;

  constructor(private readonly options: ServiceClockOptions = {}) {
    this.wall = options.wall ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.anchorTime = this.wall();
    this.anchorMonotonic = this.monotonic();
  }

  now(): number {
    const wall = this.wall();
    const monotonic = this.monotonic();
    const trusted = this.anchorTime + (monotonic - this.anchorMonotonic);
    if (Math.abs(wall - trusted) <= AGREEMENT_MS) {
      this.anchorTime = wall;
      this.anchorMonotonic = monotonic;
      this.fromService = false;
      this.stepReported = false;
      return wall;
    }
    if (this.fromService) return trusted;
    if (!this.stepReported) this.options.onStep?.(wall - trusted);
    this.stepReported = true;
    // Until the service says which is right: the earlier of the two is never a future date.
    return Math.min(wall, trusted);
  }

  /**
   * The service asked its time (`answer` is its answer's `Date`, undefined when none came): until
   * it answers, `untilKnown` has what stamps a time wait. A relay started with its clock a day
   * ahead would otherwise stamp what arrives before the first delivery's answer a day ahead, and
   * the service would refuse it as future.
   */
  ask(answer: Promise<string | undefined>): void {
    this.question = answer
      .then(
        (date) => this.observeServiceDate(date),
        () => undefined,
      )
      .finally(() => (this.question = undefined));
  }

  /**
   * What stamping a time waits for: the service's answer to `ask` while it is awaited; undefined
   * once the service's time is known, or once the question is over without an answer (the wall
   * clock, as before any answer, until one comes).
   */
  untilKnown(): Promise<void> | undefined {
    return this.told ? undefined : this.question;
  }

  /** An answer's `Date` header, as the service wrote it. */
  observeServiceDate(header: string | undefined): void {
    const written = header === undefined ? NaN : Date.parse(header);
    if (!Number.isFinite(written)) return;
    this.told = true;
    const service = written + DATE_RESOLUTION_MS;
    const wall = this.wall();
    this.anchorMonotonic = this.monotonic();
    const agrees = Math.abs(wall - service) <= AGREEMENT_MS;
    if (!agrees && !this.fromService) this.options.onDisagreement?.(wall - service);
    this.anchorTime = agrees ? wall : service;
    this.fromService = !agrees;
    this.stepReported = agrees ? false : this.stepReported;
  }
}
