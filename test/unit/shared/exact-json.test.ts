import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseExactJson, stringifyBody } from '../../../relay/shared/exact-json.js';

describe('parseExactJson(text) and stringifyBody(body)', () => {
  it("keeps a Shopify id's digits past 2^53 as a bigint, and a safe number as a number", () => {
    assert.deepEqual(parseExactJson('{"id":820982911946154508,"n":12,"price":"19.90","x":1.5}'), {
      id: 820982911946154508n,
      n: 12,
      price: '19.90',
      x: 1.5,
    });
  });

  it('refuses a number beyond a double rather than writing it as null later', () => {
    assert.throws(
      () => parseExactJson('{"a":1e309}'),
      (error: unknown) => error instanceof RangeError && /number out of range: 1e309/.test(error.message),
    );
  });

  it('writes a bigint as the JSON number it was, and a body without one as JSON.stringify does', () => {
    assert.equal(
      stringifyBody({ id: 820982911946154508n, line_items: [{ product_id: 2n ** 63n - 1n }] }),
      '{"id":820982911946154508,"line_items":[{"product_id":9223372036854775807}]}',
    );
    assert.equal(stringifyBody({ a: 'é', b: [1, null] }), JSON.stringify({ a: 'é', b: [1, null] }));
    assert.equal(stringifyBody(parseExactJson('{"id":820982911946154508}')), '{"id":820982911946154508}');
  });

  it("throws JSON.stringify's own error for what no JSON holds, as a cycle", () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    assert.throws(() => stringifyBody(cycle), TypeError);
  });
});
