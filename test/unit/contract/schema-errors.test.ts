import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { pointerToPath, toFieldErrors } from '../../../relay/contract/schema-errors.js';

/** A record's field errors as TypeBox finds them in `value` against a small schema like the contract's. */
const Record = Compile(
  Type.Object(
    {
      order_id: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]),
      currency: Type.String({ pattern: '^[A-Za-z]{3}$' }),
      code: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
      quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
      paid: Type.Optional(Type.Boolean()),
      name: Type.Optional(Type.String({ maxLength: 4 })),
      lines: Type.Optional(Type.Array(Type.Object({ price: Type.Number() }), { maxItems: 2 })),
    },
    { additionalProperties: false },
  ),
);
const errorsOf = (value: unknown) =>
  toFieldErrors(Record.Errors(value)).map((e) => `${e.path} [${e.code}] ${e.message}`);

describe('toFieldErrors(TypeBox errors)', () => {
  it('names a JSON pointer as a developer writes the path, unescaping ~1 and ~0', () => {
    assert.equal(pointerToPath('/line_items/2/line_item_quantity'), 'line_items[2].line_item_quantity');
    assert.equal(pointerToPath('/a~1b/c~0d', 'event'), 'event.a/b.c~d');
    assert.equal(pointerToPath('', 'event'), 'event');
  });

  it('names each missing and each unknown field once, not as TypeBox repeats them', () => {
    assert.deepEqual(errorsOf({ order_id: 1, coupon: 'x', gift: true }), [
      'currency [missing] is required',
      'coupon [unknown_field] is not a field of this record',
      'gift [unknown_field] is not a field of this record',
    ]);
  });

  it('says in words what each bound and type wants, and a currency pattern as a currency', () => {
    assert.deepEqual(
      errorsOf({
        order_id: 1,
        currency: 'euro',
        code: 'A1',
        quantity: 1000,
        paid: 'yes',
        name: 'Teapot',
        lines: [{ price: 'x' }, {}, {}],
      }),
      [
        'currency [bad_format] must be a three-letter currency code such as EUR',
        'code [bad_format] must match the pattern ^[a-z]+$',
        'quantity [out_of_range] must be at most 999',
        'paid [wrong_type] must be a boolean (true or false)',
        'name [too_long] must be at most 4 characters',
        'lines[0].price [wrong_type] must be a finite number',
        'lines[1].price [missing] is required',
        'lines[2].price [missing] is required',
      ],
    );
  });

  it('says how many items a list may hold', () => {
    assert.deepEqual(errorsOf({ order_id: 1, currency: 'EUR', lines: [{ price: 1 }, { price: 2 }, { price: 3 }] }), [
      'lines [too_long] must hold at most 2 items',
    ]);
  });

  it("says a union's failure once, in the union's words, not each branch's", () => {
    assert.deepEqual(errorsOf({ order_id: 0, currency: 'EUR' }), [
      'order_id [wrong_type] must be an integer or a non-empty string',
    ]);
    assert.deepEqual(errorsOf({ order_id: '', currency: 'EUR', quantity: 0 }), [
      'order_id [wrong_type] must be an integer or a non-empty string',
      'quantity [out_of_range] must be at least 1',
    ]);
  });
});
