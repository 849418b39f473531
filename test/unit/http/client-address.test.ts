import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddress } from '../../../relay/http/client-address.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';
import { HttpError } from '../../../relay/http/http-error.js';

describe('clientAddress(ip)', () => {
  it('counts an IPv6 address by its /64, written one way whatever the spelling, and an IPv4 one as it is', () => {
    assert.equal(clientAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:0db8:0001:0002:0:0:0:1'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientAddress('::1'), '0:0:0:0::/64');
    assert.equal(clientAddress('203.0.113.9'), '203.0.113.9');
    assert.equal(clientAddress('::ffff:203.0.113.9'), '203.0.113.9');
  });
});

describe('KeyFailures', () => {
  it('refuses a client after ten wrong keys in a minute, for the rest of that minute only, and leaves others alone', () => {
    let now = 1_000_000;
    const failures = new KeyFailures(() => now);
    for (let i = 0; i < 10; i += 1) {
      failures.check('2001:db8::1');
      failures.failed(`2001:db8::${i + 1}`);
    }
    assert.throws(
      () => failures.check('2001:db8::ffff'),
      (error: unknown) => error instanceof HttpError && error.status === 429,
      'the same /64',
    );
    failures.check('203.0.113.9');
    now += 60_000;
    failures.check('2001:db8::1');
  });
});
