/** Runs `close` once on the first SIGINT or SIGTERM, then exits 0 (or 1 if closing failed). */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`received ${signal}, shutting down\n`);
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
