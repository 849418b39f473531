import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddress, clientNetworks } from '../../../relay/http/client-address.js';

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

describe('clientNetworks(ip)', () => {
  it('counts an IPv4 address alone, and an IPv6 one in its /64, /48 and /40, cut at the bit whatever the spelling', () => {
    assert.deepEqual(clientNetworks('::ffff:203.0.113.9'), [{ network: '203.0.113.9', bits: 32 }]);
    const networks = ['2001:db8:40f:3::1', '2001:0db8:040f:0003:ffff:0:0:9'].map((ip) =>
      clientNetworks(ip).map((n) => n.network),
    );
    assert.deepEqual(networks, [
      ['2001:db8:40f:3::/64', '2001:db8:40f::/48', '2001:db8:400::/40'],
      ['2001:db8:40f:3::/64', '2001:db8:40f::/48', '2001:db8:400::/40'],
    ]);
    assert.equal(
      clientNetworks('2001:db8:4ff::1')[2]?.network,
      '2001:db8:400::/40',
      'the same /40: its last 8 bits differ',
    );
    assert.equal(clientNetworks('2001:db8:500::1')[2]?.network, '2001:db8:500::/40');
  });
});
