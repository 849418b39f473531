import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openCoverageDatabase } from '../../../relay/observability/coverage-database.js';
import { KeptRows } from '../../../relay/observability/kept-rows.js';
import { SessionTally } from '../../../relay/observability/session-tally.js';

const sessions = (cap = 1000) => {
  const db = openCoverageDatabase(undefined);
  return new SessionTally(db, new KeptRows(db), cap);
};

describe("SessionTally, one shopper's session under two ids (relay/observability/session-tally.ts)", () => {
  it('counts the earlier id of a session that went on under another, once a month, in whatever order they arrive', () => {
    const tally = sessions();
    tally.note('2026-12', 's1', '42', 20);
    tally.note('2026-12', 's1', 'anon-1', 10);
    tally.note('2026-12', 's1', 'anon-1', 5);
    tally.note('2026-12', 's2', 'anon-1', 30);
    tally.note('2026-12', 's2', '42', 40);
    tally.note('2026-12', 's3', 'anon-2', 50);
    tally.note('2026-11', 's9', 'anon-3', 1);
    tally.note('2026-11', 's9', '43', 2);
    assert.deepEqual(tally.identifiedLaterByMonth(), { '2026-11': 1, '2026-12': 1 });
  });

  it("notes a month's sessions within its cap, and a session's ids within a bound, counting the rest", () => {
    const tally = sessions(20);
    for (let i = 0; i < 20; i++) tally.note('2026-12', 'one-session', `id-${i}`, i);
    for (let i = 0; i < 10; i++) tally.note('2026-12', `s${i}`, 'anon', i);
    assert.deepEqual(tally.notKept(), { '2026-12': 4 + 6 }, '4 ids past the bound, 6 sessions past the cap of 20');
    assert.equal(tally.identifiedLaterByMonth()['2026-12'], 15, 'the 16 ids kept, each but the last identified later');
    tally.forgetBefore('2027-01');
    assert.deepEqual(tally.identifiedLaterByMonth(), {});
  });
});
