import type { CallSignal } from './adaptive-concurrency.js';

/**
 * What one delivery attempt means. `ambiguous` marks a failure after which the service may have
 * stored the record anyway, so a retry can duplicate a tracking event.
 */
export type Outcome =
  | { type: 'delivered' }
  | { type: 'refused'; detail: string }
  | { type: 'auth'; detail: string }
  | { type: 'retry'; detail: string; ambiguous: boolean; retryAfterMs?: number; timedOut?: boolean };

const AUTH_HINT = /unauthori[sz]ed|authori[sz]ation|bearer|token|forbidden/i;
const AMBIGUOUS_CODES = /UND_ERR_(SOCKET|HEADERS_TIMEOUT|BODY_TIMEOUT|CLOSED)|ECONNRESET|EPIPE|ETIMEDOUT/;
const TIMEOUT_CODES = /^(UND_ERR_(HEADERS|BODY)_TIMEOUT|ETIMEDOUT)$/;

/** Classifies an answer of the service. A 400 whose body speaks of the token is an auth problem. */
export function classifyStatus(status: number, body: string, retryAfterMs: number | undefined): Outcome {
  if (status >= 200 && status < 300) return { type: 'delivered' };
  const detail = `${status} ${body.slice(0, 500)}`.trim();
  if (status === 401 || status === 403) return { type: 'auth', detail };
  if (status === 400) return AUTH_HINT.test(body) ? { type: 'auth', detail } : { type: 'refused', detail };
  const ambiguous = status === 500 || status === 502 || status === 504;
  if (status === 408 || status === 429 || status >= 500) return { type: 'retry', detail, ambiguous, retryAfterMs };
  return { type: 'refused', detail };
}

/** Classifies a failure without an answer: refused connections are safe to retry, resets and timeouts ambiguous. */
export function classifyError(error: unknown): Outcome {
  const code = String((error as { code?: unknown }).code ?? '');
  const detail = `${code || 'error'}: ${(error as Error).message ?? String(error)}`.slice(0, 500);
  return { type: 'retry', detail, ambiguous: AMBIGUOUS_CODES.test(code), timedOut: TIMEOUT_CODES.test(code) };
}

/** What a finished call says about the service's load; undefined when it says nothing (no connection). */
export function callSignal(outcome: Outcome, status: number): CallSignal | undefined {
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'busy';
  if (status !== 0) return 'ok';
  return outcome.type === 'retry' && outcome.timedOut ? 'timeout' : undefined;
}
