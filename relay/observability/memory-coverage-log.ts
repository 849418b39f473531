import type { CoverageCaps } from './order-coverage.js';
import { SqliteCoverageLog } from './sqlite-coverage-log.js';

/**
 * The coverage of a relay whose state is all in Redis (`SHOPBEACON_REDIS_URL`): its data directory
 * may be a tmpfs it cannot even write (the compose file's), so it is counted in a database in
 * memory, per relay and until it restarts, with the file's caps and the file's counting.
 */
export class MemoryCoverageLog extends SqliteCoverageLog {
  constructor(now: () => number = Date.now, caps?: CoverageCaps) {
    super(undefined, undefined, false, { now, ...(caps ? { caps } : {}) });
  }
}
