import type { CallSignal } from './adaptive-concurrency.js';
import type { Outcome } from './classify-response.js';

/** What a finished call says about the service's load; undefined when it says nothing (no connection). */
export function callSignal(outcome: Outcome, status: number): CallSignal | undefined {
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'busy';
  if (status !== 0) return 'ok';
  return outcome.type === 'retry' && outcome.timedOut ? 'timeout' : undefined;
}
