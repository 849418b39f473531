import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CallLog } from '../../../relay/mock-upstream/call-log.js';

const call = (at: number, status = 200) => ({ at, path: '/v1/track', status });

describe("CallLog (the mock service's calls)", () => {
  it('counts each call under its outcome and in the total', () => {
    const log = new CallLog();
    log.record(call(1), 'accepted');
    log.record(call(2), 'accepted');
    log.record(call(3, 400), 'refused');
    log.record(call(4, 503), 'faulted');
    log.record(call(5, 0), 'dropped');
    assert.deepEqual(log.totals, { total: 5, accepted: 2, refused: 1, faulted: 1, dropped: 1 });
    assert.deepEqual(log.list(), [call(1), call(2), call(3, 400), call(4, 503), call(5, 0)]);
  });

  it('lists the 10,000 most recent calls, oldest first, while the totals count them all', () => {
    const log = new CallLog();
    for (let at = 1; at <= 25_001; at++) log.record(call(at), 'accepted');
    const listed = log.list();
    assert.equal(listed.length, 10_000);
    assert.deepEqual([listed[0]?.at, listed.at(-1)?.at], [15_002, 25_001]);
    assert.equal(log.totals.total, 25_001);
  });

  it('forgets the calls and the totals on reset', () => {
    const log = new CallLog();
    log.record(call(1), 'refused');
    log.reset();
    assert.deepEqual(log.list(), []);
    assert.deepEqual(log.totals, { total: 0, accepted: 0, refused: 0, faulted: 0, dropped: 0 });
  });
});
