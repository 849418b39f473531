/**
 * How long a graceful stop may take before the process exits anyway. Everything acknowledged is
 * already committed, so cutting a stop short loses nothing; deploy/systemd waits longer than this.
 */
const SHUTDOWN_GRACE_MS = 10_000;

/** What the relay's stop takes beyond its grace period for calls in flight: closing the outbox and connections. */
export const SHUTDOWN_CLOSE_MS = 5_000;

/**
 * Runs `close` once on the first SIGINT or SIGTERM, then exits 0 (or 1 if closing failed or took
 * over the grace period).
 */
export function onShutdown(close: () => Promise<void>, graceMs = SHUTDOWN_GRACE_MS): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`received ${signal}, shutting down\n`);
    setTimeout(() => {
      process.stderr.write(`shutdown took longer than ${graceMs / 1000} s; exiting with what is committed\n`);
      process.exit(1);
    }, graceMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
