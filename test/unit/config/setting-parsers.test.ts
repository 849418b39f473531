import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessKey,
  currencyCode,
  groupName,
  hostPorts,
  hours,
  isLoopbackHost,
  oneOf,
  origins,
  platformUrl,
  port,
  proxyList,
  redisUrl,
  serviceUrl,
  token,
  wholeNumber,
} from '../../../relay/config/setting-parsers.js';

const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe("the settings' parsers", () => {
  it('reads whole numbers and ports, refusing signs, fractions, numbers below the minimum and ports past 65535', () => {
    assert.equal(wholeNumber()('0'), 0);
    assert.equal(wholeNumber(1)('12'), 12);
    assert.deepEqual(
      ['-1', '1.5', ' 3', ''].map((t) => refusal(() => wholeNumber()(t))),
      Array(4).fill('must be a whole number ≥ 0'),
    );
    assert.equal(
      refusal(() => wholeNumber(1)('0')),
      'must be a whole number ≥ 1',
    );
    assert.equal(port('65535'), 65_535);
    assert.equal(
      refusal(() => port('65536')),
      'must be a port number (0-65535)',
    );
    assert.equal(hours('2'), 7_200_000);
    assert.equal(
      refusal(() => hours('0')),
      'must be a whole number ≥ 1',
    );
  });

  it('takes one of the values it names, and says which when given another', () => {
    assert.equal(oneOf('drop', 'keep')('keep'), 'keep');
    assert.equal(
      refusal(() => oneOf('drop', 'keep')('Drop')),
      'must be "drop" or "keep"',
    );
  });

  it("sends the token to the service over https only, but to a loopback stand-in over http, and drops the URL's trailing slashes", () => {
    assert.equal(serviceUrl('https://api.example/v0//'), 'https://api.example/v0');
    assert.equal(serviceUrl('http://127.0.0.1:9000/'), 'http://127.0.0.1:9000');
    assert.equal(serviceUrl('http://[::1]:9000'), 'http://[::1]:9000');
    assert.match(
      refusal(() => serviceUrl('http://api.example')),
      /^must be an https:\/\/ URL .*the token would travel in clear$/,
    );
    assert.equal(
      refusal(() => serviceUrl('ftp://api.example')),
      'must be an absolute http or https URL',
    );
    assert.equal(
      refusal(() => serviceUrl('api.example')),
      'must be an absolute http or https URL',
    );
    assert.equal(
      refusal(() => serviceUrl('https://u:p@api.example')),
      'must not carry credentials, a query or a fragment',
    );
    assert.equal(
      refusal(() => platformUrl('https://shop.example/?a=1')),
      'must not carry credentials, a query or a fragment',
    );
    assert.match(
      refusal(() => platformUrl('http://shop.example')),
      /^must be an https:\/\/ URL/,
    );
  });

  it('knows the loopback hosts by name and address, and nothing that only starts like one', () => {
    assert.deepEqual(
      ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '0.0.0.0', '127.0.0.1.example', 'localhost.example'].map(
        isLoopbackHost,
      ),
      [true, true, true, true, true, false, false, false],
    );
  });

  it("takes origins exactly as a browser sends them, and the sandboxed frame's null", () => {
    assert.deepEqual(origins(' https://shop.example, null,,http://127.0.0.1:8080 '), [
      'https://shop.example',
      'null',
      'http://127.0.0.1:8080',
    ]);
    assert.equal(
      refusal(() => origins('https://shop.example/')),
      '"https://shop.example/" is not an origin such as https://shop.example',
    );
    assert.equal(
      refusal(() => origins('shop.example')),
      '"shop.example" is not an origin such as https://shop.example',
    );
  });

  it('refuses a token with spaces and a key shorter than 32 characters, saying how long it was and never what it was', () => {
    assert.equal(token('abc.def'), 'abc.def');
    assert.equal(
      refusal(() => token('abc def')),
      'must be a non-empty token without spaces',
    );
    assert.equal(
      refusal(() => token('  ')),
      'must be a non-empty token without spaces',
    );
    const key = 'k'.repeat(32);
    assert.equal(accessKey(key), key);
    const message = refusal(() => accessKey('short-secret-key'));
    assert.match(message, /^must be at least 32 characters \(it has 16\)/);
    assert.doesNotMatch(message, /short-secret-key/);
  });

  it('reads proxies as IPv4 or IPv6 addresses and ranges, refusing a prefix longer than the family allows', () => {
    assert.deepEqual(proxyList('10.0.0.5, 192.168.1.0/24,fd00::/8'), ['10.0.0.5', '192.168.1.0/24', 'fd00::/8']);
    assert.equal(proxyList('2001:db8::/128')[0], '2001:db8::/128');
    assert.match(
      refusal(() => proxyList('10.0.0.0/33')),
      /"10\.0\.0\.0\/33" is neither$/,
    );
    assert.match(
      refusal(() => proxyList('proxy.internal')),
      /"proxy\.internal" is neither$/,
    );
    assert.match(
      refusal(() => proxyList(' , ')),
      /^must name at least one address or range/,
    );
  });

  it('reads sentinels as host:port, bracketed IPv6 included, and a Redis group name safe in a hash tag', () => {
    assert.deepEqual(hostPorts('10.0.0.1:26379, [::1]:26380'), [
      { host: '10.0.0.1', port: 26_379 },
      { host: '::1', port: 26_380 },
    ]);
    assert.equal(
      refusal(() => hostPorts('10.0.0.1')),
      '"10.0.0.1" is not host:port',
    );
    assert.equal(
      refusal(() => hostPorts('10.0.0.1:0')),
      '"10.0.0.1:0" is not host:port',
    );
    assert.equal(
      refusal(() => hostPorts('')),
      'must list at least one sentinel as host:port',
    );
    assert.equal(groupName('shop_a-1'), 'shop_a-1');
    assert.equal(
      refusal(() => groupName('{a}')),
      'must be 1 to 64 letters, digits, - or _',
    );
    assert.equal(redisUrl('rediss://:pw@redis.internal:6380/2'), 'rediss://:pw@redis.internal:6380/2');
    assert.equal(
      refusal(() => redisUrl('http://redis.internal')),
      'must be an absolute redis or rediss URL',
    );
  });

  it('takes a currency as three letters and writes it in capitals', () => {
    assert.equal(currencyCode('eur'), 'EUR');
    assert.equal(
      refusal(() => currencyCode('EURO')),
      'must be a three-letter ISO 4217 code such as EUR',
    );
  });
});
