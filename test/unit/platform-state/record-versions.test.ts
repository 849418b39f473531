import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordVersions } from '../../../relay/platform-state/record-versions.js';
import { SqlitePlatformState } from '../../../relay/platform-state/sqlite-platform-state.js';

/** The relay's platform state (platforms.sqlite) in a directory of the test's own; reopened with `again()`. */
function platformState(t: TestContext) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-versions-'));
  const open: SqlitePlatformState[] = [];
  const again = () => {
    const state = new SqlitePlatformState(dataDir);
    open.push(state);
    return state;
  };
  t.after(() => {
    for (const state of open) state.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { state: again(), again };
}

const MINUTE = 60_000;
const T = Date.parse('2026-11-26T12:00:00Z');

describe('RecordVersions(state).older(kind, versions)', () => {
  it('finds nothing older the first time a record is taken, and sends a newer version after it', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    assert.deepEqual(await versions.older('order', [{ key: '7', modifiedAt: T }]), new Set());
    assert.deepEqual(await versions.older('order', [{ key: '7', modifiedAt: T + MINUTE }]), new Set());
  });

  it('names a replayed webhook older than the version taken since, and it does not roll the newest back', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    await versions.older('order', [{ key: '7', modifiedAt: T + 2 * MINUTE }]);
    assert.deepEqual(await versions.older('order', [{ key: '7', modifiedAt: T }]), new Set([0]));
    assert.deepEqual(
      await versions.older('order', [{ key: '7', modifiedAt: T + MINUTE }]),
      new Set([0]),
      'still measured against the newest, not the replay',
    );
  });

  it('lets the same version through again: a retried delivery of it is not older', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    await versions.older('product', [{ key: 'SKU-1', modifiedAt: T }]);
    assert.deepEqual(await versions.older('product', [{ key: 'SKU-1', modifiedAt: T }]), new Set());
  });

  it('judges each key of a page on its own', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    await versions.older('order', [
      { key: '1', modifiedAt: T },
      { key: '2', modifiedAt: T },
    ]);
    const older = await versions.older('order', [
      { key: '1', modifiedAt: T - MINUTE },
      { key: '2', modifiedAt: T + MINUTE },
      { key: '3', modifiedAt: T - 60 * MINUTE },
    ]);
    assert.deepEqual(older, new Set([0]));
  });

  it('measures a version against an earlier one of the same key in the same page, and keeps the newest of them', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    const older = await versions.older('order', [
      { key: 'rising', modifiedAt: T },
      { key: 'rising', modifiedAt: T + MINUTE },
      { key: 'falling', modifiedAt: T + MINUTE },
      { key: 'falling', modifiedAt: T },
    ]);
    assert.deepEqual(older, new Set([3]), 'the falling key’s second version only');
    for (const key of ['rising', 'falling'])
      assert.deepEqual(await versions.older('order', [{ key, modifiedAt: T + MINUTE - 1 }]), new Set([0]), key);
  });

  it('keeps orders and products apart: order 7 and product 7 are different records', async (t) => {
    const versions = new RecordVersions(platformState(t).state);
    await versions.older('order', [{ key: '7', modifiedAt: T + MINUTE }]);
    assert.deepEqual(await versions.older('product', [{ key: '7', modifiedAt: T }]), new Set());
  });

  it('remembers the newest versions in the platform state, so a restarted relay still refuses an old replay', async (t) => {
    const { state, again } = platformState(t);
    await new RecordVersions(state).older('order', [{ key: '7', modifiedAt: T + MINUTE }]);
    state.close();
    const restarted = new RecordVersions(again());
    assert.deepEqual(await restarted.older('order', [{ key: '7', modifiedAt: T }]), new Set([0]));
  });

  it('answers an empty page with an empty set', async (t) => {
    assert.deepEqual(await new RecordVersions(platformState(t).state).older('order', []), new Set());
  });
});
