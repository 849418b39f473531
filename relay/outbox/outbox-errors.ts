/** The data directory cannot hold the outbox at start (read-only, missing permission, not a directory). */
export class OutboxOpenError extends Error {
  override readonly name = 'OutboxOpenError';
  readonly code = 'outbox_open_failed';

  constructor(dataDir: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the data directory ${dataDir} cannot hold the outbox (${reason}); check SHOPBEACON_DATA_DIR / --data-dir: it must be writable`);
  }
}
