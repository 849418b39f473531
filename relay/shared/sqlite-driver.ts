import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import { SqliteDriverError } from './sqlite-driver-error.js';

type DatabaseConstructor = typeof BetterSqlite3;

const require = createRequire(import.meta.url);

/** The first Node release better-sqlite3 13 supports (its `engines`); on Node 20 loading it crashes. */
const NODE_API_DRIVER_SINCE = 22;

/**
 * better-sqlite3 13 (Node-API) where it runs, 12 elsewhere. 12 wraps its objects in Node's own
 * `node::ObjectWrap`, whose destructor aborts the process on Node ≥ 24.19 (`Assertion failed:
 * (env) != nullptr`, nodejs/node#65446; seen here in the crash, import and backfill tests, at
 * exit and mid-run when a statement is collected). 13 is built on Node-API and does not, but it
 * needs Node 22 and segfaults on Node 20, so Node 20 keeps 12. When 13 is not installed (an
 * optional dependency: a platform without its prebuilt binary), 12 is the fallback.
 */
function loadDriver(nodeMajor: number): DatabaseConstructor {
  if (nodeMajor >= NODE_API_DRIVER_SINCE) {
    try {
      return require('better-sqlite3-napi') as DatabaseConstructor;
    } catch {
      // Fall through to 12.
    }
  }
  try {
    return require('better-sqlite3') as DatabaseConstructor;
  } catch (error) {
    throw new SqliteDriverError(error);
  }
}

let driver: DatabaseConstructor | undefined;

/**
 * Opens (creating, unless `options` say otherwise) an SQLite file through the driver this Node runs
 * safely. A native module built for another Node (better-sqlite3 12 loads it on first open) is a
 * `SqliteDriverError`.
 */
export function openSqlite(file: string, options?: BetterSqlite3.Options): BetterSqlite3.Database {
  driver ??= loadDriver(Number(process.versions.node.split('.')[0]));
  try {
    return new driver(file, options);
  } catch (error) {
    throw (error as { code?: unknown }).code === 'ERR_DLOPEN_FAILED' ? new SqliteDriverError(error) : error;
  }
}
