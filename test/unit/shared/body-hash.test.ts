import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyHash } from '../../../relay/shared/body-hash.js';

describe('bodyHash(body)', () => {
  it('is the first 22 base64url characters (132 bits) of the SHA-256 of the text, as files written before hold them', () => {
    // SHA-256("abc") = ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0= (FIPS 180-2's example).
    assert.equal(bodyHash('abc'), 'ungWv48Bz-pBQUDeXa4iI7');
    // SHA-256("") = 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=
    assert.equal(bodyHash(''), '47DEQpj8HBSa-_TImW-5JC');
  });

  it('hashes the text as UTF-8', () => {
    // Of the bytes c3 a9 ("é" in UTF-8); e9 (Latin-1) would give 3i4zHYka4menAJy0W06IMP.
    assert.equal(bodyHash('é'), 'SplVfkAzw1Od4utlRyAXyt');
    assert.notEqual(bodyHash('é'), bodyHash('\u0065\u0301'), 'no normalisation: another text is another hash');
  });

  it('tells apart bodies that differ in a single character, key order or spacing', () => {
    const bodies = [
      '{"order_id":1,"status":"processing"}',
      '{"order_id":1,"status":"processinh"}',
      '{"status":"processing","order_id":1}',
      '{"order_id":1, "status":"processing"}',
    ];
    assert.equal(new Set(bodies.map(bodyHash)).size, bodies.length);
    assert.equal(bodyHash(bodies[0]!), bodyHash(bodies[0]!.slice()), 'the same text, the same hash');
  });
});
