const FIRST_PROBE_MS = 5_000;
const MAX_PROBE_MS = 5 * 60_000;

/**
 * Delivery pauses when the token looks wrong (401/403, a 400 that names the token, or many
 * refusals in a row). While paused it sends one probe at a time, with a doubling delay, until the
 * service accepts one again. Nothing is dead-lettered while paused.
 */
export class PauseState {
  reason: string | undefined;
  until = 0;
  private probeDelayMs = FIRST_PROBE_MS;

  get paused(): boolean {
    return this.reason !== undefined;
  }

  /** Enters (or extends) the pause; returns true when delivery was running until now. */
  enter(reason: string, now: number): boolean {
    const wasRunning = !this.paused;
    this.probeDelayMs = wasRunning ? FIRST_PROBE_MS : Math.min(MAX_PROBE_MS, this.probeDelayMs * 2);
    this.reason = reason;
    this.until = now + this.probeDelayMs;
    return wasRunning;
  }

  /** Leaves the pause after the service accepted a record; returns true when it was paused. */
  leave(): boolean {
    const wasPaused = this.paused;
    this.reason = undefined;
    this.until = 0;
    this.probeDelayMs = FIRST_PROBE_MS;
    return wasPaused;
  }
}
