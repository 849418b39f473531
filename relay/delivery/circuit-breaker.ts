/** Retryable failures in a row (no answer, 5xx, timeouts) that mean the service is down, not one record unlucky. */
const FAILURES_TO_OPEN = 10;
const FIRST_PROBE_MS = 1_000;
const MAX_PROBE_MS = 30_000;

/**
 * The service is unreachable or failing every call: instead of retrying each queued record on its
 * own backoff (thousands of doomed calls a second with a large backlog), delivery holds and sends
 * one probe at a time with a doubling delay, like the pause for a bad token. Records failed while
 * open keep their order and spend no attempt: an outage dead-letters nothing.
 */
export class CircuitBreaker {
  /** When the service stopped answering, while it has not answered since. */
  openSince: number | undefined;
  /** The last failure, for `/readyz` and the debugger. */
  detail = '';
  until = 0;
  private failures = 0;
  private probeDelayMs = FIRST_PROBE_MS;

  get open(): boolean {
    return this.openSince !== undefined;
  }

  /**
   * Counts a retryable failure of a call started at `startedAt`; returns true when this one opened
   * the circuit. Calls already in flight when it opened are not probes: their failures do not
   * lengthen the wait (with many in flight they pushed the first probe from 1 s to 30 s).
   */
  failed(detail: string, now: number, startedAt = now): boolean {
    this.failures += 1;
    this.detail = detail;
    if (this.open) {
      if (startedAt < (this.openSince as number)) return false;
      this.probeDelayMs = Math.min(MAX_PROBE_MS, this.probeDelayMs * 2);
      this.until = now + this.probeDelayMs;
      return false;
    }
    if (this.failures < FAILURES_TO_OPEN) return false;
    this.openSince = now;
    this.probeDelayMs = FIRST_PROBE_MS;
    this.until = now + this.probeDelayMs;
    return true;
  }

  /** The service answered (any answer but a retryable failure); returns how long it had been unreachable, if it was. */
  answered(now: number): number | undefined {
    const since = this.openSince;
    this.failures = 0;
    this.openSince = undefined;
    this.until = 0;
    return since === undefined ? undefined : now - since;
  }

  describe(): string | undefined {
    if (this.openSince === undefined) return undefined;
    return `the service is unreachable since ${new Date(this.openSince).toISOString()} (${this.detail.slice(0, 120)}); probing every ${Math.round(this.probeDelayMs / 1000)} s`;
  }
}
