import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Validation } from '../../../relay/contract/field-error.js';
import {
  validateOrder,
  validateProduct,
  validateTrackingEvent,
  type ValidateOptions,
} from '../../../relay/contract/validate.js';
import { UNCATALOGUED_EVENT } from '../../helpers/catalogue.js';
import { addedToCart, lineItem, order, product, sqlTime, trackingEvent } from '../../helpers/records.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');
type Validate = (value: unknown, options?: ValidateOptions) => Validation<unknown>;

function errorsOf(validate: Validate, value: unknown): string[] {
  const result = validate(value, { now: NOW });
  return result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
}

function without(record: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== field));
}

const records: [name: string, validate: Validate, valid: Record<string, unknown>, required: string[]][] = [
  [
    'Order',
    validateOrder,
    order(NOW),
    ['city', 'country', 'currency', 'date_created_gmt', 'email', 'order_id', 'status', 'order_value', 'line_items'],
  ],
  ['Product', validateProduct, product(), ['currency', 'image', 'link', 'name', 'product_id', 'price']],
  ['Tracking event', validateTrackingEvent, trackingEvent(NOW), ['user_id', 'event_name', 'event']],
];

for (const [name, validate, valid, required] of records) {
  describe(`validate ${name}`, () => {
    it('accepts a complete valid record', () => {
      assert.deepEqual(errorsOf(validate, valid), []);
    });
    for (const field of required) {
      it(`refuses it without ${field}, naming the field`, () => {
        assert.deepEqual(errorsOf(validate, without(valid, field)), [`${field}: is required`]);
      });
    }
    it('refuses a field it does not know, so a misspelt field is not lost silently', () => {
      assert.deepEqual(errorsOf(validate, { ...valid, typo_field: 1 }), ['typo_field: is not a field of this record']);
    });
    it('refuses a value that is not an object', () => {
      assert.deepEqual(errorsOf(validate, [valid]), [': must be an object']);
    });
  });
}

describe('validate Order field types', () => {
  const cases: [field: string, value: unknown, message: string][] = [
    ['order_id', 10.5, 'must be an integer'],
    ['order_id', '1001', 'must be an integer'],
    ['order_value', '39.80', 'must be a finite number'],
    ['city', 12, 'must be a string'],
    ['currency', '€', 'must be a three-letter currency code such as EUR'],
    ['line_items', {}, 'must be an array'],
    ['date_created_gmt', '2026-06-15T10:00:00Z', 'uses Z for UTC; write the offset as +00:00'],
    ['date_created_gmt', sqlTime(NOW - 3 * 365 * 86_400_000), 'is older than 2 years'],
    ['date_created_gmt', sqlTime(NOW + 11 * 60_000), 'is more than 10 minutes in the future'],
    ['date_modified_gmt', '2026-02-30', 'day 30 does not exist in 2026-02'],
    ['completion_date_gmt', 20260101, 'must be a string'],
  ];
  for (const [field, value, message] of cases) {
    it(`refuses ${field} = ${JSON.stringify(value)}: ${message}`, () => {
      assert.deepEqual(errorsOf(validateOrder, order(NOW, { [field]: value })), [`${field}: ${message}`]);
    });
  }
  it('names every failing field at once, with the index of the line item', () => {
    const bad = order(NOW, {
      order_id: 1.5,
      email: null,
      line_items: [lineItem(), lineItem(), lineItem({ line_item_quantity: 2.5, line_item_price: 'x' })],
    });
    assert.deepEqual(errorsOf(validateOrder, bad), [
      'email: must be a string',
      'order_id: must be an integer',
      'line_items[2].line_item_price: must be a finite number',
      'line_items[2].line_item_quantity: must be an integer',
    ]);
  });
  for (const field of ['line_item_product_id', 'line_item_price', 'line_item_quantity']) {
    it(`refuses a line item without ${field}`, () => {
      const item = without(lineItem(), field);
      assert.deepEqual(errorsOf(validateOrder, order(NOW, { line_items: [item] })), [
        `line_items[0].${field}: is required`,
      ]);
    });
  }
});

describe('validate Product field types', () => {
  const cases: [field: string, value: unknown, message: string][] = [
    ['product_id', -1, 'must be at least 0'],
    ['price', '9.99', 'must be a finite number'],
    ['on_sale', 'yes', 'must be a boolean (true or false)'],
    ['categories', ['a', 'b'], 'must be a string'],
    ['average_rating', null, 'must be a finite number'],
  ];
  for (const [field, value, message] of cases) {
    it(`refuses ${field} = ${JSON.stringify(value)}: ${message}`, () => {
      assert.deepEqual(errorsOf(validateProduct, product({ [field]: value })), [`${field}: ${message}`]);
    });
  }
});

describe('validate Tracking event', () => {
  it('checks the Added To Cart object field by field', () => {
    const event = addedToCart({ product_id: 1.5, quantity: 0, price: '19.90' });
    assert.deepEqual(errorsOf(validateTrackingEvent, trackingEvent(NOW, { event })), [
      'event.product_id: must be an integer or a non-empty string',
      'event.price: must be a finite number',
      'event.quantity: must be at least 1',
    ]);
  });
  it('requires product_id in Added To Cart', () => {
    const event = addedToCart();
    delete event['product_id'];
    assert.deepEqual(errorsOf(validateTrackingEvent, trackingEvent(NOW, { event })), ['event.product_id: is required']);
  });
  it('lets an event name the catalogue does not list pass with any object', () => {
    const value = trackingEvent(NOW, { event_name: UNCATALOGUED_EVENT, event: { anything: [1, 2] } });
    assert.deepEqual(errorsOf(validateTrackingEvent, value), []);
  });
  it('accepts an event without datetime or session_id', () => {
    assert.deepEqual(errorsOf(validateTrackingEvent, { user_id: 'u', event_name: 'X', event: {} }), []);
  });
  it('refuses an empty user_id, which would be billed as a visitor', () => {
    assert.deepEqual(errorsOf(validateTrackingEvent, trackingEvent(NOW, { user_id: '' })), [
      'user_id: must not be empty',
    ]);
  });
  it('refuses an event dated more than 2 years back', () => {
    const value = trackingEvent(NOW, { datetime: '2024-06-15 11:59:59' });
    assert.deepEqual(errorsOf(validateTrackingEvent, value), ['datetime: is older than 2 years']);
  });
  it('refuses an event object that is an array', () => {
    assert.deepEqual(errorsOf(validateTrackingEvent, trackingEvent(NOW, { event: [] })), ['event: must be an object']);
  });
});
