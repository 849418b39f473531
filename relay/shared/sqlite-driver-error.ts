/**
 * better-sqlite3 cannot be loaded by this Node: most often node_modules was installed with another
 * Node major (its native module is built for one NODE_MODULE_VERSION). Not the data directory's fault.
 */
export class SqliteDriverError extends Error {
  override readonly name = 'SqliteDriverError';
  readonly code = 'sqlite_driver_unavailable';

  constructor(cause: unknown) {
    // Node's dlopen message spans lines and ends in advice (`npm rebuild`) that this message replaces.
    const reason = (cause instanceof Error ? cause.message : String(cause))
      .replace(/\s+/g, ' ')
      .replace(/ Please try.*$/, '');
    super(
      `the SQLite driver (better-sqlite3) cannot be loaded by Node ${process.version} (${reason}); install the dependencies again with this Node: npm ci (npm start does it by itself)`,
    );
  }
}
