/**
 * Lets one log line per key through every `intervalMs`, counting the ones held back: a full
 * outbox under load must say so clearly once, not ten thousand times a second.
 */
export class LogThrottle {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns the number of lines suppressed since the last one let through, or undefined to suppress this one. */
  pass(key: string): number | undefined {
    const now = this.now();
    const entry = this.last.get(key);
    if (entry && now - entry.at < this.intervalMs) {
      entry.suppressed += 1;
      return undefined;
    }
    this.last.set(key, { at: now, suppressed: 0 });
    return entry?.suppressed ?? 0;
  }
}
