/**
 * better-sqlite3 cannot be loaded by this Node: most often node_modules was installed with another
 * Node major (its native module is built for one NODE_MODULE_VERSION). Not the data directory's fault.
 */
export class SqliteDriverError extends Error {
  override readonly name = 'SqliteDriverError';
  readonly code = 'sqlite_driver_unavailable';

  constructor(cause: unknown) {
    if ((cause as { code?: unknown } | undefined)?.code === 'MODULE_NOT_FOUND') {
      super(notInstalled());
      return;
    }
    // Node's dlopen message spans lines and ends in advice (`npm rebuild`) that this message replaces.
    const reason = (cause instanceof Error ? cause.message : String(cause))
      .replace(/\s+/g, ' ')
      .replace(/ Please try.*$/, '');
    super(
      `the SQLite driver (better-sqlite3) cannot be loaded by Node ${process.version} (${reason}); install the dependencies again with this Node: npm ci (npm start does it by itself)`,
    );
  }
}

/**
 * Both drivers are optional dependencies, so an install without build tools succeeds and the
 * missing driver is named here, at the first open: on Node 20 only 12 runs, and it is compiled.
 */
function notInstalled(): string {
  return `no SQLite driver is installed for Node ${process.version}: better-sqlite3 13 ships its binaries for Node 22 and later, and on Node 20 better-sqlite3 12 is compiled at install, which needs make, a C++ compiler and python3 (Debian/Ubuntu: apt-get install build-essential python3); run Node 24, or install those tools and run npm ci again`;
}
