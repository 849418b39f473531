import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isPlainObject } from '../../../relay/shared/is-plain-object.js';

describe('isPlainObject(value)', () => {
  it('is true for a JSON object, empty, nested or with no prototype', () => {
    for (const value of [{}, { user_id: 'u_ada' }, JSON.parse('{"event":{"product_id":501}}'), Object.create(null)])
      assert.equal(isPlainObject(value), true, JSON.stringify(value));
  });

  it('is false for null, an array and every other JSON value', () => {
    for (const value of [null, [], [{ user_id: 'u_ada' }], JSON.parse('[]'), 'text', '', 0, 42, true, false])
      assert.equal(isPlainObject(value), false, JSON.stringify(value));
  });

  it('is false for what no JSON holds but a parser or a caller may: undefined, a bigint, a function', () => {
    for (const value of [undefined, 820982911946154508n, () => ({}), Symbol('x')])
      assert.equal(isPlainObject(value), false, String(value));
  });
});
