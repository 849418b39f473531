import { StorageError } from '../shared/storage-error.js';

/** A failure of a Redis call as a storage error: one that already says what it is stays as it is. */
export function asUnavailable(error: unknown): Error {
  if (error instanceof StorageError) return error;
  if (error instanceof Error && 'status' in error) return error;
  const cause = String((error as { code?: string }).code ?? (error as Error).message ?? 'error').slice(0, 60);
  return new StorageError(
    'shared_state_unavailable',
    'the relay cannot reach its shared state (Redis) right now; retry later',
    cause,
  );
}

/** Runs a Redis call, turning any failure of Redis itself into a `shared_state_unavailable` storage error. */
export async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asUnavailable(error);
  }
}
