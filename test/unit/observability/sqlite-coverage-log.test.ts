import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { SqliteCoverageLog } from '../../../relay/observability/sqlite-coverage-log.js';

const DAY = 86_400_000;

function dataDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-coverage-log-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('SqliteCoverageLog, the coverage in coverage.sqlite (relay/observability/sqlite-coverage-log.ts)', () => {
  it('writes what it noted before any read, and the CLI reader sees it, since when the relay began', (t) => {
    const dir = dataDir(t);
    const relay = new SqliteCoverageLog(dir);
    // After the relay began (to the second): an order from before it is not its to count, and opening it may cross a second.
    const now = Date.now();
    relay.note(
      [{ platform: 'prestashop', orderId: '12', createdAt: now }],
      [
        { orderId: '12', userId: 'customer-7', at: now, proven: true },
        { orderId: '13', userId: 'attacker', at: now, proven: false },
      ],
    );
    relay.noteSession('2026-12', 's1', 'anon-1', 1);
    relay.noteSession('2026-12', 's1', '42', 2);
    assert.equal(relay.report(now - DAY, []).platforms['prestashop']?.joined, 1);
    const reader = new SqliteCoverageLog(dir, undefined, true);
    const report = reader.report(now - DAY, []);
    assert.deepEqual(
      [report.platforms['prestashop']?.joinedShare, report.unprovenClaims, reader.identifiedLater()],
      [1, 1, { '2026-12': 1 }],
    );
    assert.ok(Date.parse(report.since) <= now && Date.parse(report.since) > now - 60_000, 'since the relay began');
    reader.close();
    relay.close();
  });

  it('keeps when it began across restarts, and what waits is written at close', (t) => {
    const dir = dataDir(t);
    const clock = { now: Date.parse('2026-12-01T00:00:00Z') };
    const first = new SqliteCoverageLog(dir, undefined, false, { now: () => clock.now });
    first.note([{ platform: 'shopify', orderId: '5', createdAt: clock.now + DAY }], []);
    first.close();
    clock.now += 2 * DAY;
    const second = new SqliteCoverageLog(dir, undefined, false, { now: () => clock.now });
    const report = second.report(clock.now - 7 * DAY, []);
    assert.deepEqual([report.since, report.platforms['shopify']?.orders], ['2026-12-01T00:00:00.000Z', 1]);
    second.close();
  });
});
