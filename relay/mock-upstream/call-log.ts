/** One `/v1/*` call as the mock service saw it, kept so tests can check pacing (e.g. `Retry-After`). */
export interface MockCall {
  at: number;
  path: string;
  /** The status answered, or `0` when the connection was dropped without an answer. */
  status: number;
}

const MAX_CALLS = 10_000;

/** The most recent calls, bounded, plus running totals by outcome. */
export class CallLog {
  private calls: MockCall[] = [];
  totals = { total: 0, accepted: 0, refused: 0, faulted: 0, dropped: 0 };

  record(call: MockCall, outcome: 'accepted' | 'refused' | 'faulted' | 'dropped'): void {
    this.totals.total += 1;
    this.totals[outcome] += 1;
    this.calls.push(call);
    // Trimmed in halves, not one by one: a shift per call would copy 10,000 entries every time.
    if (this.calls.length > 2 * MAX_CALLS) this.calls = this.calls.slice(-MAX_CALLS);
  }

  list(): MockCall[] {
    return this.calls.slice(-MAX_CALLS);
  }

  reset(): void {
    this.calls = [];
    this.totals = { total: 0, accepted: 0, refused: 0, faulted: 0, dropped: 0 };
  }
}
