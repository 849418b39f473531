import { it } from 'node:test';
import assert from 'node:assert/strict';

/**
 * The reason a suite cannot run here (a missing redis-server, no root for a tmpfs), or undefined.
 * Pass the result as the suite's `skip`: it is named in the run's closing summary. Under `CI=true`
 * a skip is a failure: a test named after the requirement fails with the reason.
 */
export function unmetRequirement(suite: string, reason: string | undefined): string | undefined {
  if (reason !== undefined && process.env['CI'] === 'true') {
    it(`${suite} has what it needs to run`, () => assert.fail(`${reason}; with CI=true a skipped suite is a failure`));
  }
  return reason;
}
