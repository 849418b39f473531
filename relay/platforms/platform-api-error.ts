/** A backfill that cannot go on (credentials refused, the platform unreachable): a message for the CLI, never a stack trace. */
export class BackfillError extends Error {
  override readonly name = 'BackfillError';
  readonly code = 'backfill_failed';
}
