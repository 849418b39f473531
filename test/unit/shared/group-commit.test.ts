import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { GroupCommit } from '../../../relay/shared/group-commit.js';

/** The end of this turn of the event loop and of the immediates queued before it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Whether `promise` settled by the next turn. */
const settledByNextTurn = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    nextTurn().then(() => 'pending'),
  ]);

/** A commit that doubles each item, noting each group of calls it was given. */
function doubling() {
  const commits: number[][][] = [];
  const group = new GroupCommit<number, number>((groups) => {
    commits.push(groups);
    return groups.map((items) => items.map((n) => n * 2));
  }, 0);
  return { group, commits };
}

describe('GroupCommit(commit, windowMs)', () => {
  it('commits the calls of one turn together, before the next turn, and answers each call with its own results', async () => {
    const { group, commits } = doubling();
    const a = group.submit([1, 2]);
    const b = group.submit([3]);
    const c = group.submit([]);
    assert.equal(commits.length, 0, 'nothing committed while the turn runs');
    await nextTurn();
    assert.deepEqual(commits, [[[1, 2], [3], []]]);
    assert.deepEqual(await Promise.all([a, b, c]), [[2, 4], [6], []]);
  });

  it('with a window of 0, commits a call of the next turn on its own', async () => {
    const { group, commits } = doubling();
    const a = group.submit([1]);
    await nextTurn();
    const b = group.submit([2]);
    assert.deepEqual(await Promise.all([a, b]), [[2], [4]]);
    assert.deepEqual(commits, [[[1]], [[2]]]);
  });

  it('waits windowMs for more calls, so calls of later turns within it share the commit', async () => {
    const commits: string[][][] = [];
    const group = new GroupCommit<string, string>((groups) => (commits.push(groups), groups), 40);
    const started = performance.now();
    const a = group.submit(['a']);
    await nextTurn();
    assert.equal(commits.length, 0);
    const b = group.submit(['b']);
    assert.deepEqual(await Promise.all([a, b]), [['a'], ['b']]);
    assert.ok(performance.now() - started >= 39, `committed after ${performance.now() - started} ms`);
    assert.deepEqual(commits, [[['a'], ['b']]]);
  });

  it('commits what waits now on flush(), without its window, and starts a new window for the next call', async () => {
    const commits: number[][][] = [];
    const group = new GroupCommit<number, number>((groups) => (commits.push(groups), groups), 60_000);
    const a = group.submit([1]);
    group.flush();
    assert.deepEqual(commits, [[[1]]], 'a synchronous commit, in the same turn');
    assert.equal(await settledByNextTurn(a), 'settled');
    group.flush();
    assert.equal(commits.length, 1, 'nothing waiting: no empty commit');
    const b = group.submit([2]);
    group.flush();
    assert.deepEqual(await b, [2]);
    assert.deepEqual(commits, [[[1]], [[2]]]);
  });

  it('settles the callers of an asynchronous commit only when it resolves', async () => {
    let finish = (_results: number[][]) => {};
    const group = new GroupCommit<number, number>(() => new Promise<number[][]>((resolve) => (finish = resolve)), 0);
    const a = group.submit([1]);
    const b = group.submit([2]);
    await nextTurn();
    assert.equal(await settledByNextTurn(a), 'pending');
    finish([[10], [20]]);
    assert.deepEqual(await Promise.all([a, b]), [[10], [20]]);
  });

  it("rejects every caller of a commit that throws, or rejects, with the commit's error, and commits later calls afresh", async () => {
    const full = new Error('disk full');
    let fail: 'throw' | 'reject' | undefined = 'throw';
    const group = new GroupCommit<number, number>((groups) => {
      if (fail === 'throw') throw full;
      if (fail === 'reject') return Promise.reject(full);
      return groups;
    }, 0);
    for (const how of ['throw', 'reject'] as const) {
      fail = how;
      const calls = [group.submit([1]), group.submit([2])];
      for (const call of calls) {
        assert.equal(await settledByNextTurn(call), 'settled', how);
        await assert.rejects(call, (error) => error === full, how);
      }
    }
    fail = undefined;
    assert.deepEqual(await group.submit([3]), [3]);
  });

  it('answers a caller the commit returned no results for with none', async () => {
    const group = new GroupCommit<number, number>(() => [[1]], 0);
    assert.deepEqual(await Promise.all([group.submit([1]), group.submit([2])]), [[1], []]);
  });
});
