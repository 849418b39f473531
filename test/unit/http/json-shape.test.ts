import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonDepth, nestsDeeperThan, parseFiniteJson } from '../../../relay/http/json-shape.js';

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('jsonDepth(text)', () => {
  it('equals the nesting of the parsed value for any JSON, strings with brackets and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) =>
        assert.equal(jsonDepth(JSON.stringify(value)), depthOf(value)),
      ),
      { numRuns: 2000 },
    );
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

describe('nestsDeeperThan(value, max)', () => {
  it('agrees with jsonDepth on the text it was parsed from, at and around the limit, whatever the shape', () => {
    const texts = [
      '1',
      '"[[["',
      '{}',
      '[]',
      '{"a":[{"b":"}}}"}]}',
      `${'['.repeat(32)}${']'.repeat(32)}`,
      `${'['.repeat(33)}${']'.repeat(33)}`,
      `${'{"a":'.repeat(32)}1${'}'.repeat(32)}`,
      `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`,
      `[1,${'['.repeat(31)}${']'.repeat(31)},{"x":${'['.repeat(32)}${']'.repeat(32)}}]`,
      `{"events":[${Array.from({ length: 100 }, () => '{"event":{"a":[1,{"b":2}]}}').join(',')}]}`,
    ];
    for (const text of texts)
      assert.equal(nestsDeeperThan(JSON.parse(text), 32), jsonDepth(text) > 32, text.slice(0, 60));
  });

  it('answers as the depth of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) =>
        assert.equal(nestsDeeperThan(value, max), depthOf(value) > max),
      ),
      { numRuns: 2000 },
    );
  });

  it('walks a million levels without overflowing the stack', () => {
    assert.equal(nestsDeeperThan(JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`), 32), true);
  });
});
