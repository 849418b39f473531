/**
 * A wall clock the test moves, for everything in this process that reads `Date` (the relay, the
 * mock service, the helpers): `Date.now()` and `new Date()` run on from the real time plus an
 * offset, as a clock stepped by NTP or a later month would; timers and `performance.now()` stay
 * real, so nothing waits for the offset.
 */
export interface ShiftedClock {
  /** Moves the clock by `ms`, forward or back. */
  move(ms: number): void;
  /** Moves it to the furthest it was moved forward, undoing any step back since. */
  toLatest(): void;
  /** Back to the real time, the shift kept installed. */
  reset(): void;
  /** The real `Date` again. */
  restore(): void;
}

export function shiftedClock(): ShiftedClock {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let furthest = 0;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + offset);
      else super(...(args as [number]));
    }
    static override now(): number {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  return {
    move: (ms) => {
      offset += ms;
      furthest = Math.max(furthest, offset);
    },
    toLatest: () => void (offset = furthest),
    reset: () => void (offset = furthest = 0),
    restore: () => void (globalThis.Date = RealDate),
  };
}
