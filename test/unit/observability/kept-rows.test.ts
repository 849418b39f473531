import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openCoverageDatabase } from '../../../relay/observability/coverage-database.js';
import { KeptRows } from '../../../relay/observability/kept-rows.js';

describe("KeptRows, each kind's rows against its month's cap (relay/observability/kept-rows.ts)", () => {
  it('keeps rows up to the cap in each month, counts those refused, and forgets the months before one', () => {
    const kept = new KeptRows(openCoverageDatabase(undefined));
    const taken = [1, 2, 3].map(() => kept.keep('claims', '2026-11', 2));
    assert.deepEqual(taken, [true, true, false]);
    assert.equal(kept.keep('claims', '2026-12', 2), true, 'a new month, a new cap');
    assert.equal(kept.keep('orders shopify', '2026-11', 2), true, 'another kind, its own cap');
    kept.refuse('claims', '2026-12');
    assert.deepEqual(kept.refused('claims'), { '2026-11': 1, '2026-12': 1 });
    kept.forgetBefore('2026-12');
    assert.deepEqual(kept.refused('claims'), { '2026-12': 1 });
  });
});
