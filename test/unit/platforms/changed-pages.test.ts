import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { changedByKeyset } from '../../../relay/platforms/changed-pages.js';
import type { ChangedPayload } from '../../../relay/platforms/connector.js';

describe('changedByKeyset(fetchPage, idOf, pageSize, start)', () => {
  it('misses no record when one changes while the sweep runs, which page numbers alone would', async () => {
    // Ten records a second apart; record 2 is changed (moved to the end) after the first page is read.
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, at: 1000 * (i + 1) }));
    const pages: number[] = [];
    const fetchPage = async (since: number, page: number): Promise<ChangedPayload[]> => {
      pages.push(page);
      if (pages.length === 2) (rows[2] as { at: number }).at = 20_000;
      const list = rows.filter((r) => r.at >= since).sort((a, b) => a.at - b.at || a.id - b.id);
      return list.slice((page - 1) * 4, page * 4).map((r) => ({ payload: { ...r }, changedAt: r.at }));
    };
    const seen: number[] = [];
    for await (const item of changedByKeyset(fetchPage, (p) => String((p as { id: number }).id), 4, 0))
      seen.push((item.payload as { id: number }).id);
    assert.deepEqual(
      [...new Set(seen)].sort((a, b) => a - b),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
  });
});
