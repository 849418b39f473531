/** The least the probe writes after a refusal: sixteen pages, what a small batch's commit changes. */
const LEAST_PROBE_BYTES = 64 * 1024;
/** The most: a readiness check is no load test. */
const MOST_PROBE_BYTES = 4 * 1024 * 1024;

/**
 * How much the readiness probe writes after the disk refused a commit of `refusedBytes` of bodies:
 * a commit writes each page it changes whole, a record's table page and the pages of its three
 * indexes, so four times the bodies and at least sixteen pages.
 */
export function probeBytes(refusedBytes: number): number {
  return Math.min(MOST_PROBE_BYTES, Math.max(LEAST_PROBE_BYTES, 4 * refusedBytes));
}

/** SQLite's primary code of an error (`SQLITE_IOERR` of `SQLITE_IOERR_WRITE`), if it has one. */
function sqliteCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_')
    ? code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')
    : undefined;
}

/** Why the outbox in `dataDir` cannot be written, in words an operator acts on: a full disk named as one. */
export function unwritableReason(dataDir: string, error: unknown): string {
  const code = sqliteCodeOf(error);
  if (code === 'SQLITE_FULL')
    return `the disk of the data directory ${dataDir} is full (SQLITE_FULL): the outbox refuses records until there is room (SHOPBEACON_DATA_DIR)`;
  return `the outbox cannot be written in the data directory ${dataDir} (${code ?? (error as Error).message})`;
}
