import { HttpError } from '../http/http-error.js';

/** Redis (the shared state of several relays) did not answer: nothing was taken, the client retries. */
export class SharedStateUnavailableError extends HttpError {
  constructor(readonly causeCode: string) {
    super(503, 'shared_state_unavailable', 'the relay cannot reach its shared state (Redis) right now; retry later', undefined, { 'Retry-After': '5' });
  }
}

/** A failure of a Redis call as the client's answer: an HttpError stays as it is, anything else is a 503. */
export function asUnavailable(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new SharedStateUnavailableError(String((error as { code?: string }).code ?? (error as Error).message ?? 'error').slice(0, 60));
}

/** Runs a Redis call, turning any failure of Redis itself into a 503 for the client. */
export async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asUnavailable(error);
  }
}
