import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HttpError } from '../../../relay/http/http-error.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';

const refusedWith429 = (error: unknown) => error instanceof HttpError && error.status === 429;

describe('KeyFailures', () => {
  it('answers 429 to an address after ten wrong keys in a minute, for the rest of that minute only, and leaves others alone', () => {
    let now = 1_000_000;
    const failures = new KeyFailures(() => now);
    for (let i = 0; i < 10; i += 1) failures.wrongKey(`2001:db8::${i + 1}`);
    assert.throws(() => failures.wrongKey('2001:db8::ffff'), refusedWith429, 'the same /64');
    failures.wrongKey('203.0.113.9');
    now += 60_000;
    failures.wrongKey('2001:db8::1');
  });

  it('never answers 429 to an address that sent ten or fewer wrong keys in any minute, whatever other addresses sent', () => {
    const step = fc.record({
      address: fc.constantFrom('127.0.0.1', '203.0.113.9', '2001:db8::1', '2001:db8::2', '2001:db8:1::1'),
      advanceMs: fc.integer({ min: 0, max: 90_000 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        let now = 0;
        const failures = new KeyFailures(() => now);
        const counted = new Map<string, { since: number; count: number }>();
        for (const { address, advanceMs } of steps) {
          now += advanceMs;
          const client = address.includes(':') ? address.split(':').slice(0, 4).join(':') : address;
          const entry = counted.get(client);
          const inWindow = entry !== undefined && now - entry.since < 60_000;
          const expectedRefusal = inWindow && entry.count >= 10;
          let refused = false;
          try {
            failures.wrongKey(address);
          } catch (error) {
            assert.ok(refusedWith429(error));
            refused = true;
          }
          assert.equal(refused, expectedRefusal);
          if (!inWindow) counted.set(client, { since: now, count: 1 });
          else if (!refused) entry.count += 1;
        }
      }),
    );
  });
});
