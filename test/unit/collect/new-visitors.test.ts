import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NewVisitors } from '../../../relay/collect/new-visitors.js';
import { HttpError } from '../../../relay/http/http-error.js';

describe('NewVisitors (relay/collect/new-visitors.ts)', () => {
  it("takes each visitor once an hour from its address's budget, refuses the next with Retry-After, and counts all of it", async () => {
    let now = Date.parse('2026-11-27T16:10:00Z');
    const counted: string[] = [];
    const visitors = new NewVisitors(
      2,
      undefined,
      (result, n) => counted.push(`${result} ${n}`),
      () => now,
    );
    await visitors.take('2001:db8::1', 'a');
    await visitors.take('2001:db8::2', 'a');
    await visitors.take('2001:db8::3', 'b');
    await assert.rejects(
      visitors.take('2001:db8::4', 'c'),
      (error: unknown) =>
        error instanceof HttpError && error.status === 429 && Number(error.headers?.['Retry-After']) > 0,
    );
    await visitors.take('198.51.100.1', 'c');
    visitors.refusedInBatch(3);
    assert.deepEqual(visitors.report().thisHour, {
      hour: '2026-11-27T16',
      taken: 3,
      refusedInBatch: 3,
      refusedForAddress: 1,
    });
    assert.deepEqual(counted, ['taken 1', 'taken 1', 'refused_for_address 1', 'taken 1', 'refused_in_batch 3']);
    now += 3_600_000;
    assert.equal(visitors.report().lastHour?.taken, 3);
    assert.equal(visitors.report().thisHour.taken, 0);
  });

  it('bounds an IPv6 /48 at four /64 budgets: rotating its /64s mints four budgets an hour, not 65,536', async () => {
    const refusedFor: (string | undefined)[] = [];
    const visitors = new NewVisitors(
      2,
      undefined,
      (result, _n, client) => void (result === 'refused_for_address' && refusedFor.push(client)),
    );
    let taken = 0;
    for (let subnet = 0; subnet < 16; subnet += 1)
      for (let i = 0; i < 2; i += 1)
        taken += await visitors.take(`2001:db8:7:${subnet.toString(16)}::${i + 1}`, `v-${subnet}-${i}`).then(
          () => 1,
          () => 0,
        );
    assert.equal(taken, 8, '2 new visitors an hour per /64, 8 per /48');
    assert.deepEqual([...new Set(refusedFor)], ['2001:db8:7::/48']);
    await visitors.take('2001:db8:8::1', 'another-site');
    await visitors.take('198.51.100.7', 'ipv4-has-no-site');
  });

  it('counts nothing against a budget of 0 (off)', async () => {
    const visitors = new NewVisitors(0);
    for (let i = 0; i < 500; i += 1) await visitors.take('203.0.113.9', `v${i}`);
    assert.equal(visitors.report().thisHour.taken, 500);
  });
});
