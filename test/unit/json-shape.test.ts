import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonDepth, parseFiniteJson } from '../../relay/http/json-shape.js';

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('jsonDepth(text)', () => {
  it('equals the nesting of the parsed value for any JSON, strings with brackets and escapes included', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => assert.equal(jsonDepth(JSON.stringify(value)), depthOf(value))), { numRuns: 2000 });
  });

  it('ignores brackets inside strings', () => {
    assert.equal(jsonDepth('{"a":"[[[[\\"]]]]"}'), 1);
  });
});

describe('parseFiniteJson(text)', () => {
  it('refuses 1e309 and -1e400 anywhere, which JSON.parse would turn into Infinity', () => {
    assert.throws(() => parseFiniteJson('{"a":{"b":[1e309]}}'), RangeError);
    assert.throws(() => parseFiniteJson('[-1e400]'), RangeError);
  });

  it('keeps large finite numbers and exponent-looking strings', () => {
    assert.deepEqual(parseFiniteJson('[1e308, "1e999"]'), [1e308, '1e999']);
  });
});
