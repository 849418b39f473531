import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withBigIntegersChecked } from '../../../relay/contract/big-integers.js';
import { codeOf, type FieldError } from '../../../relay/contract/field-error.js';

const MAX_INT64 = 2n ** 63n - 1n;

/** The schema's view of `value` and the range errors found, as `path: message (code)`. */
function checked(value: unknown): { view: unknown; errors: string[] } {
  const errors: FieldError[] = [];
  const view = withBigIntegersChecked(value, errors);
  return { view, errors: errors.map((e) => `${e.path}: ${e.message} (${codeOf(e)})`) };
}

describe('withBigIntegersChecked(value, errors, path)', () => {
  it('shows the schema each integer beyond 2^53 as 0, while the record keeps its exact value', () => {
    const order = { order_id: 820982911946154508n, line_items: [{ line_item_product_id: 9007199254740993n }] };
    assert.deepEqual(checked(order), { view: { order_id: 0, line_items: [{ line_item_product_id: 0 }] }, errors: [] });
    assert.equal(order.order_id, 820982911946154508n);
    assert.equal(order.line_items[0]?.line_item_product_id, 9007199254740993n);
  });

  it('takes every integer from 0 to 2^63-1, both ends included', () => {
    for (const value of [0n, 1n, MAX_INT64]) assert.deepEqual(checked({ id: value }), { view: { id: 0 }, errors: [] });
  });

  it('refuses a negative integer or one beyond 2^63-1, naming its path', () => {
    assert.deepEqual(
      checked({ order_id: -1n, customer: { id: MAX_INT64 + 1n }, line_items: [{}, { id: 2n ** 64n }] }),
      {
        view: { order_id: 0, customer: { id: 0 }, line_items: [{}, { id: 0 }] },
        errors: [
          'order_id: must be an integer from 0 to 2^63-1 (out_of_range)',
          'customer.id: must be an integer from 0 to 2^63-1 (out_of_range)',
          'line_items[1].id: must be an integer from 0 to 2^63-1 (out_of_range)',
        ],
      },
    );
  });

  it('names a path under the one it is given, and a bare value by it alone', () => {
    const errors: FieldError[] = [];
    withBigIntegersChecked([-5n], errors, 'event.items');
    withBigIntegersChecked(-5n, errors);
    assert.deepEqual(
      errors.map((e) => e.path),
      ['event.items[0]', ''],
    );
  });

  it('adds to the errors it is given, keeping those already there', () => {
    const errors: FieldError[] = [{ path: 'email', message: 'must be a string' }];
    withBigIntegersChecked({ id: -1n }, errors);
    assert.deepEqual(
      errors.map((e) => e.path),
      ['email', 'id'],
    );
  });

  it('leaves every other JSON value as it is, in a copy of each object and array', () => {
    const value = { n: 1.5, s: '820982911946154508', b: false, z: null, list: [1, 'a', null], nested: { deep: [{}] } };
    const { view, errors } = checked(value);
    assert.deepEqual(view, value);
    assert.deepEqual(errors, []);
    assert.notEqual(view, value);
    assert.notEqual((view as typeof value).list, value.list);
    assert.notEqual((view as typeof value).nested, value.nested);
    for (const scalar of ['text', 42, true, null, undefined]) assert.equal(checked(scalar).view, scalar);
  });

  it('keeps an own __proto__ key of the JSON a field of the copy, so the schema sees it as it is', () => {
    const value = JSON.parse('{"order_id": 1, "__proto__": {"polluted": 7}}') as Record<string, unknown>;
    const { view } = checked(value);
    const copy = view as Record<string, unknown>;
    assert.deepEqual(Object.keys(copy), ['order_id', '__proto__']);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, { polluted: 7 });
    assert.equal(copy['polluted'], undefined);
  });
});
