import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddress } from '../../../relay/http/client-address.js';

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
